import { describe, expect, it } from 'vitest'
import { createEvent } from '../../kernel/registry'
import { ChainAdapterNotFoundError, NetworkNotFoundError } from '../../kernel/errors/lookup'
import { ConnectionFailedError, DisconnectFailedError, NoApprovedAccountError } from '../../kernel/errors/connection'
import { RpcRequestError } from '../../kernel/errors/rpc'
import { SwitchChainError, UserRejectedRequestError } from '../../kernel/errors/provider'
import { connectFailure, disconnectFailure, switchFailure } from './failures'

describe('the error an instance method rejects with (SPEC §8)', () => {
  it('connect: a refusal is UserRejectedRequestError (4001), our own failures keep their class, others are ConnectionFailedError', () => {
    const declined = connectFailure(createEvent('USER_REJECTED', { message: 'User denied account authorization' }))
    expect(declined).toBeInstanceOf(UserRejectedRequestError)
    expect(declined).toMatchObject({ code: 4001, category: 'USER_REJECTED', details: 'User denied account authorization' })
    expect(connectFailure(createEvent('CONNECT_ERROR', { message: 'Chain adapter not found' }))).toBeInstanceOf(ChainAdapterNotFoundError)
    expect(connectFailure(createEvent('CONNECT_ERROR', { message: 'The wallet approved no account on the networks this site uses' }))).toBeInstanceOf(
      NoApprovedAccountError,
    )
    const busy = connectFailure(createEvent('CONNECT_ERROR', { message: 'Already processing eth_requestAccounts' }))
    expect(busy).toBeInstanceOf(ConnectionFailedError)
    expect(busy).toMatchObject({ shortMessage: 'Connection failed', details: 'Already processing eth_requestAccounts' })
  })

  it('switchNetwork: "Network not found", the wallet code, or SwitchChainError', () => {
    expect(switchFailure({ caipNetworkId: 'eip155:5', message: 'Network not found' })).toMatchObject({
      name: 'NetworkNotFoundError',
      caipNetworkId: 'eip155:5',
    })
    expect(switchFailure({ caipNetworkId: 'eip155:5', message: 'Network not found' })).toBeInstanceOf(NetworkNotFoundError)
    expect(switchFailure({ caipNetworkId: 'eip155:137', message: 'User rejected the switch', code: 4001 })).toBeInstanceOf(UserRejectedRequestError)
    expect(switchFailure({ caipNetworkId: 'eip155:137', message: 'internal', code: -32603 })).toBeInstanceOf(RpcRequestError)
    const failed = switchFailure({ caipNetworkId: 'eip155:137', message: 'The wallet did not switch networks' })
    expect(failed).toBeInstanceOf(SwitchChainError)
    expect(failed).toMatchObject({ code: 4902, details: 'The wallet did not switch networks' })
  })

  it('disconnect: DisconnectFailedError "Failed to disconnect", code INTERNAL_SDK_ERROR', () => {
    const error = disconnectFailure('Failed to disconnect')
    expect(error).toBeInstanceOf(DisconnectFailedError)
    expect(error).toMatchObject({ shortMessage: 'Failed to disconnect', code: 'INTERNAL_SDK_ERROR', details: undefined })
  })
})
