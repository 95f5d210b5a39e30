/**
 * A wallet's refusals and failures (EIP-1193 provider codes, SPEC §8). Each subclass has the
 * standard text as its short message; the wallet's own message is in `details` and its error is
 * the `cause`. `providerError` turns whatever a wallet threw into the matching class.
 */
import { AirlockError, ErrorCategory, errorMessage, type ErrorParameters } from '../errors'
import { ProviderErrorCode } from './codes'
import { RpcRequestError } from './rpc'

/**
 * The base of the wallet's coded errors. `code` is the provider code.
 *
 * ```ts
 * if (error instanceof ProviderRpcError && error.code === ProviderErrorCode.UNAUTHORIZED) askAgain()
 * ```
 */
export class ProviderRpcError extends AirlockError {
  override name = 'ProviderRpcError'
  declare readonly code: number | undefined

  constructor(shortMessage: string, options: ErrorParameters & { readonly code: number | undefined; readonly category?: string }) {
    super(shortMessage, { category: ErrorCategory.RPC, ...options })
  }
}

/** 4001: the visitor declined (category USER_REJECTED). */
export class UserRejectedRequestError extends ProviderRpcError {
  override name = 'UserRejectedRequestError'
  declare readonly code: 4001

  constructor(parameters: ErrorParameters = {}) {
    super('User rejected the request.', { code: ProviderErrorCode.USER_REJECTED, category: ErrorCategory.USER_REJECTED, ...parameters })
  }
}

/** 4100: the method or account is not authorised by the visitor. */
export class UnauthorizedProviderError extends ProviderRpcError {
  override name = 'UnauthorizedProviderError'
  declare readonly code: 4100

  constructor(parameters: ErrorParameters = {}) {
    super('The requested method and/or account has not been authorized by the user.', { code: ProviderErrorCode.UNAUTHORIZED, ...parameters })
  }
}

/** 4200: the wallet does not support the method. */
export class UnsupportedProviderMethodError extends ProviderRpcError {
  override name = 'UnsupportedProviderMethodError'
  declare readonly code: 4200

  constructor(parameters: ErrorParameters = {}) {
    super('The Provider does not support the requested method.', { code: ProviderErrorCode.UNSUPPORTED_METHOD, ...parameters })
  }
}

/** 4900: the wallet is disconnected from every chain (a relay session that ended). */
export class ProviderDisconnectedError extends ProviderRpcError {
  override name = 'ProviderDisconnectedError'
  declare readonly code: 4900

  constructor(parameters: ErrorParameters = {}) {
    super('The Provider is disconnected from all chains.', { code: ProviderErrorCode.DISCONNECTED, ...parameters })
  }
}

/** 4901: the wallet is not connected to the requested chain. */
export class ChainDisconnectedError extends ProviderRpcError {
  override name = 'ChainDisconnectedError'
  declare readonly code: 4901

  constructor(parameters: ErrorParameters = {}) {
    super('The Provider is not connected to the requested chain.', { code: ProviderErrorCode.CHAIN_DISCONNECTED, ...parameters })
  }
}

/** 4902: switching the chain failed (SPEC §8 "switch chain error"). */
export class SwitchChainError extends ProviderRpcError {
  override name = 'SwitchChainError'
  declare readonly code: 4902

  constructor(parameters: ErrorParameters = {}) {
    super('An error occurred when attempting to switch chain.', { code: ProviderErrorCode.SWITCH_CHAIN, ...parameters })
  }
}

/** A wallet error with a code no class above stands for, or with none; `code` is the wallet's. */
export class UnknownRpcError extends ProviderRpcError {
  override name = 'UnknownRpcError'

  constructor({ code, ...parameters }: ErrorParameters & { readonly code?: number } = {}) {
    super('An unknown RPC error occurred.', { code, ...parameters })
  }
}

/**
 * A wallet answered with something that is not what the method returns (untrusted input,
 * decoded at the boundary).
 *
 * ```ts
 * throw new WalletAnswerError({ method: 'eth_chainId', answer: 'something that is not a chain id' })
 * ```
 */
export class WalletAnswerError extends AirlockError {
  override name = 'WalletAnswerError'
  readonly method: string

  constructor({ method, answer, cause }: { readonly method: string; readonly answer: string; readonly cause?: unknown }) {
    super(`The wallet answered ${method} with ${answer}`, { category: ErrorCategory.RPC, cause })
    this.method = method
  }
}

const BY_CODE: Readonly<Record<number, new (parameters: ErrorParameters) => ProviderRpcError>> = {
  [ProviderErrorCode.USER_REJECTED]: UserRejectedRequestError,
  [ProviderErrorCode.UNAUTHORIZED]: UnauthorizedProviderError,
  [ProviderErrorCode.UNSUPPORTED_METHOD]: UnsupportedProviderMethodError,
  [ProviderErrorCode.DISCONNECTED]: ProviderDisconnectedError,
  [ProviderErrorCode.CHAIN_DISCONNECTED]: ChainDisconnectedError,
  [ProviderErrorCode.SWITCH_CHAIN]: SwitchChainError,
}

/** JSON-RPC's reserved range (-32768 to -32000): a node's or wallet's JSON-RPC error. */
const isJsonRpcCode = (code: number): boolean => code >= -32768 && code <= -32000

/**
 * Whatever a wallet threw, as the matching AirlockError: 4001 → UserRejectedRequestError, 4100,
 * 4200, 4900, 4901, 4902 → their classes, a JSON-RPC code → RpcRequestError, anything else →
 * UnknownRpcError. The wallet's message becomes `details` and its error the `cause`; an
 * AirlockError is returned as it is.
 *
 * ```ts
 * providerError({ code: 4001, message: 'User denied account authorization' })
 * // UserRejectedRequestError { shortMessage: 'User rejected the request.', details: 'User denied account authorization' }
 * ```
 */
export function providerError(error: unknown): AirlockError {
  if (error instanceof AirlockError) return error
  const raw = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined
  const code = typeof raw === 'number' && Number.isInteger(raw) ? raw : undefined
  const message = error === undefined || error === null ? undefined : errorMessage(error)
  const parameters: ErrorParameters = { cause: error, ...(message === undefined || message === 'Unknown error' ? {} : { details: message }) }
  const known = code === undefined ? undefined : BY_CODE[code]
  if (known) return new known(parameters)
  if (code !== undefined && isJsonRpcCode(code)) {
    const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined
    return new RpcRequestError({ code, data, ...parameters })
  }
  return new UnknownRpcError({ code, ...parameters })
}
