import { describe, expect, it } from 'vitest'
import { AirlockError, ErrorCategory, errorCategory, errorName, wrapError } from './errors'
import { AdapterNotFoundError, ChainAdapterNotFoundError, ConnectorNotFoundError, NetworkNotFoundError } from './errors/lookup'
import { HttpRequestError, HttpStatusError, RequestAbortedError, TimeoutError } from './errors/http'
import { RpcRequestError } from './errors/rpc'
import {
  ChainDisconnectedError,
  ProviderDisconnectedError,
  ProviderRpcError,
  providerError,
  SwitchChainError,
  UnauthorizedProviderError,
  UnknownRpcError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
  WalletAnswerError,
} from './errors/provider'
import { ConnectionFailedError, DisconnectFailedError, NoApprovedAccountError, PairingUriMissingError } from './errors/connection'
import { InvalidOptionsError } from './errors/options'
import { DuplicateModuleError, DuplicatePluginError, PluginModuleMismatchError } from './errors/plugin'
import { ChainRequiredError, CHAIN_REQUIRED_TO_SET } from './errors/account'
import * as publicEntry from '../index'

/** One of each class, with the SPEC §8 short message, category and code it must carry. */
const family: readonly [AirlockError, string, string, number | string | undefined][] = [
  [new NetworkNotFoundError({ caipNetworkId: 'eip155:5' }), 'Network not found', 'INTERNAL_SDK_ERROR', undefined],
  [new ChainAdapterNotFoundError({ namespace: 'solana' }), 'Chain adapter not found', 'INTERNAL_SDK_ERROR', undefined],
  [new AdapterNotFoundError({ namespace: 'bip122' }), 'Adapter not found', 'INTERNAL_SDK_ERROR', undefined],
  [new ConnectorNotFoundError({ connectorId: 'nope' }), 'Connector not found', 'INTERNAL_SDK_ERROR', undefined],
  [new DisconnectFailedError(), 'Failed to disconnect', 'INTERNAL_SDK_ERROR', 'INTERNAL_SDK_ERROR'],
  [new HttpStatusError({ status: 503 }), 'HTTP status code: 503', 'NETWORK', 503],
  [new HttpRequestError(), 'HTTP request failed', 'NETWORK', undefined],
  [new TimeoutError(), 'The request took too long to respond', 'NETWORK', undefined],
  [new RequestAbortedError(), 'Request was aborted', 'NETWORK', undefined],
  [new RpcRequestError({ code: -32602, details: 'invalid params' }), 'RPC Request failed', 'RPC', -32602],
  [new UserRejectedRequestError(), 'User rejected the request.', 'USER_REJECTED', 4001],
  [new UnauthorizedProviderError(), 'The requested method and/or account has not been authorized by the user.', 'RPC', 4100],
  [new UnsupportedProviderMethodError(), 'The Provider does not support the requested method.', 'RPC', 4200],
  [new ProviderDisconnectedError(), 'The Provider is disconnected from all chains.', 'RPC', 4900],
  [new ChainDisconnectedError(), 'The Provider is not connected to the requested chain.', 'RPC', 4901],
  [new SwitchChainError(), 'An error occurred when attempting to switch chain.', 'RPC', 4902],
  [new UnknownRpcError({ code: 1234 }), 'An unknown RPC error occurred.', 'RPC', 1234],
  [
    new WalletAnswerError({ method: 'eth_chainId', answer: 'something that is not a chain id' }),
    'The wallet answered eth_chainId with something that is not a chain id',
    'RPC',
    undefined,
  ],
  [new ConnectionFailedError({ details: 'busy' }), 'Connection failed', 'INTERNAL_SDK_ERROR', undefined],
  [new NoApprovedAccountError(), 'The wallet approved no account on the networks this site uses', 'INTERNAL_SDK_ERROR', undefined],
  [new PairingUriMissingError(), 'The relay client gave no pairing URI', 'NETWORK', undefined],
  [
    new InvalidOptionsError('Invalid options: networks: expected at least one network, got an empty array'),
    'Invalid options: networks: expected at least one network, got an empty array',
    'INVALID_OPTIONS',
    undefined,
  ],
  [new DuplicateModuleError({ moduleId: 'router' }), 'Duplicate module id: router', 'INTERNAL_SDK_ERROR', undefined],
  [new DuplicatePluginError({ pluginId: 'swap' }), 'Duplicate plugin id: swap', 'INTERNAL_SDK_ERROR', undefined],
  [new PluginModuleMismatchError({ pluginId: 'swap', moduleId: 'send' }), 'Plugin swap loaded a module named send', 'INTERNAL_SDK_ERROR', undefined],
  [new ChainRequiredError(CHAIN_REQUIRED_TO_SET), 'Chain is required to set account prop', 'INTERNAL_SDK_ERROR', undefined],
]

describe('the AirlockError family (SPEC §8)', () => {
  it('every class is an AirlockError and an Error, with its own name, the SPEC words as short message and message, its category and code', () => {
    const names = new Set<string>()
    for (const [error, shortMessage, category, code] of family) {
      expect(error).toBeInstanceOf(AirlockError)
      expect(error).toBeInstanceOf(Error)
      expect(error.shortMessage).toBe(shortMessage)
      expect(error.message.split('\n')[0]).toBe(shortMessage)
      expect(error.category).toBe(category)
      expect(error.code).toBe(code)
      expect(error.name).toBe(error.constructor.name)
      names.add(error.name)
    }
    expect(names.size).toBe(family.length)
  })

  it('instanceof tells the subclasses apart, and the provider errors share ProviderRpcError', () => {
    const rejected = new UserRejectedRequestError()
    expect(rejected).toBeInstanceOf(ProviderRpcError)
    expect(rejected).not.toBeInstanceOf(SwitchChainError)
    expect(new NetworkNotFoundError()).not.toBeInstanceOf(ChainAdapterNotFoundError)
    expect(new HttpStatusError({ status: 500 })).not.toBeInstanceOf(HttpRequestError)
    expect(new RpcRequestError({ code: -32000 })).not.toBeInstanceOf(ProviderRpcError)
  })

  it('the category defaults to INTERNAL_SDK_ERROR (SPEC §8) and the details to those of the cause', () => {
    expect(new AirlockError('Something went wrong').category).toBe(ErrorCategory.INTERNAL_SDK_ERROR)
    expect(new AirlockError('Something went wrong').details).toBeUndefined()
    expect(new HttpRequestError({ cause: new TypeError('fetch failed') }).details).toBe('fetch failed')
    expect(new DisconnectFailedError({ cause: new TimeoutError({ details: 'after 3 s' }) }).details).toBe('after 3 s')
    expect(new HttpRequestError({ details: 'The body is not JSON', cause: new SyntaxError('x') }).details).toBe('The body is not JSON')
  })

  it('keeps the cause chain; walk() gives the deepest cause, or the first that matches', () => {
    const wallet = { code: 4001, message: 'User denied account authorization' }
    const rejected = new UserRejectedRequestError({ cause: wallet })
    const failed = new ConnectionFailedError({ cause: rejected })
    expect(failed.cause).toBe(rejected)
    expect(rejected.cause).toBe(wallet)
    expect(failed.walk()).toBe(wallet)
    expect(failed.walk((e) => e instanceof UserRejectedRequestError)).toBe(rejected)
    expect(failed.walk((e) => e instanceof ConnectionFailedError)).toBe(failed)
    expect(failed.walk((e) => e instanceof HttpStatusError)).toBeNull()
    expect(new TimeoutError().walk()).toBeInstanceOf(TimeoutError)
  })

  it('walk() ends on a cycle in the chain', () => {
    const a = new HttpRequestError()
    const b = new TimeoutError({ cause: a })
    Object.defineProperty(a, 'cause', { value: b })
    expect(b.walk()).toBe(a)
    expect(b.walk(() => false)).toBeNull()
  })

  it('providerError maps a wallet error to its class by code (SPEC §8 provider and JSON-RPC codes), the wallet message in details', () => {
    const declined = providerError({ code: 4001, message: 'User denied account authorization' })
    expect(declined).toBeInstanceOf(UserRejectedRequestError)
    expect(declined.details).toBe('User denied account authorization')
    expect(declined.category).toBe('USER_REJECTED')
    expect(providerError({ code: 4100 })).toBeInstanceOf(UnauthorizedProviderError)
    expect(providerError({ code: 4200 })).toBeInstanceOf(UnsupportedProviderMethodError)
    expect(providerError({ code: 4900 })).toBeInstanceOf(ProviderDisconnectedError)
    expect(providerError({ code: 4901 })).toBeInstanceOf(ChainDisconnectedError)
    expect(providerError({ code: 4902, message: 'Unrecognized chain' })).toBeInstanceOf(SwitchChainError)
    const rpc = providerError({ code: -32603, message: 'internal', data: { why: 1 } })
    expect(rpc).toBeInstanceOf(RpcRequestError)
    expect(rpc).toMatchObject({ code: -32603, details: 'internal', data: { why: 1 } })
    expect(providerError({ code: 5720, message: 'duplicate' })).toMatchObject({ name: 'UnknownRpcError', code: 5720, details: 'duplicate' })
    expect(providerError('boom')).toMatchObject({ name: 'UnknownRpcError', code: undefined, details: 'boom' })
    const ours = new TimeoutError()
    expect(providerError(ours)).toBe(ours)
  })

  it('errorName, errorCategory and wrapError read anything thrown', () => {
    expect(errorName(new HttpStatusError({ status: 404 }))).toBe('HttpStatusError')
    expect(errorName(new TypeError('x'))).toBe('TypeError')
    expect(errorName('a string')).toBe('Error')
    expect(errorCategory(new HttpStatusError({ status: 404 }))).toBe('NETWORK')
    expect(errorCategory(new Error('x'))).toBe('INTERNAL_SDK_ERROR')
    const wrapped = wrapError({ code: 4001, message: 'no' }, ErrorCategory.USER_REJECTED)
    expect(wrapped).toMatchObject({ shortMessage: 'no', category: 'USER_REJECTED', code: 4001 })
  })

  it('the public entry exports the classes, so instanceof works for site code', () => {
    expect(publicEntry.AirlockError).toBe(AirlockError)
    expect(publicEntry.NetworkNotFoundError).toBe(NetworkNotFoundError)
    expect(publicEntry.UserRejectedRequestError).toBe(UserRejectedRequestError)
    expect(publicEntry.DisconnectFailedError).toBe(DisconnectFailedError)
    for (const [error] of family) expect(publicEntry).toHaveProperty(error.name, error.constructor)
  })
})
