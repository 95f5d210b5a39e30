/**
 * The errors the handler answers with, each with its SPEC §8 code, so a code is never a bare
 * number where an error is made. Their messages name what was wrong because the page shows or
 * logs them to the site's developer.
 */
import { BaseError, HttpRequestError, RpcRequestError, TimeoutError } from 'viem'
import { JsonRpcErrorCode, ProviderErrorCode, WalletCallErrorCode } from '../../../../src/kernel/errors/codes'
import { RpcError } from '../rpcContext'

export { JsonRpcErrorCode, ProviderErrorCode, WalletCallErrorCode }

export const NOT_ALLOWED_MESSAGE = 'Requested RPC call is not allowed'

export const invalidParams = (method: string, problem: string): RpcError =>
  new RpcError(JsonRpcErrorCode.INVALID_PARAMS, `Invalid params for ${method}: ${problem}`)

export const notAllowed = (method: string): RpcError => new RpcError(ProviderErrorCode.UNSUPPORTED_METHOD, NOT_ALLOWED_MESSAGE, { method })

export const unsupported = (method: string, why: string): RpcError =>
  new RpcError(ProviderErrorCode.UNSUPPORTED_METHOD, `${method} is not supported: ${why}`, { method })

export const unauthorized = (address: string): RpcError =>
  new RpcError(ProviderErrorCode.UNAUTHORIZED, `The account ${address} is not this wallet's`, { address })

/**
 * A failure from a node or bundler as an RpcError: the node's own JSON-RPC code, message and data
 * when it answered with an error (a revert's data matters to the site), a plain "HTTP request
 * failed" when it did not answer. Our own RpcErrors pass as they are.
 */
export function asRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error
  if (error instanceof BaseError) {
    // The node's own answer sits deepest; viem's wrappers above it may carry a code but not its data.
    const answered = (error.walk((e) => e instanceof RpcRequestError) ??
      error.walk((e) => e instanceof BaseError && 'code' in e && typeof e.code === 'number' && e.code !== -1)) as
      (BaseError & { code: number; data?: unknown }) | null
    if (answered) return new RpcError(answered.code, answered.details || answered.shortMessage, answered.data)
    if (error.walk((e) => e instanceof TimeoutError)) return new RpcError(JsonRpcErrorCode.INTERNAL_ERROR, 'The request took too long to respond')
    const http = error.walk((e) => e instanceof HttpRequestError) as HttpRequestError | null
    if (http) return new RpcError(JsonRpcErrorCode.INTERNAL_ERROR, 'HTTP request failed', { status: http.status, url: http.url })
    return new RpcError(JsonRpcErrorCode.INTERNAL_ERROR, error.shortMessage)
  }
  return new RpcError(JsonRpcErrorCode.INTERNAL_ERROR, error instanceof Error ? error.message : 'Something went wrong')
}
