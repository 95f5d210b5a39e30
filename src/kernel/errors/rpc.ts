/** A node's JSON-RPC error answer: SPEC §8 "RPC Request failed", category RPC. */
import { AirlockError, ErrorCategory, type ErrorParameters } from '../errors'

export const RPC_FAILED = 'RPC Request failed'

/**
 * The node answered with a JSON-RPC error: `code` is its code (-32602, 4001, … see
 * `JsonRpcErrorCode`), `details` its message and `data` its data.
 *
 * ```ts
 * try {
 *   await rpc.request('eth_sendRawTransaction', [raw])
 * } catch (error) {
 *   if (error instanceof RpcRequestError && error.code === JsonRpcErrorCode.INVALID_PARAMS) fixTheParams()
 * }
 * ```
 */
export class RpcRequestError extends AirlockError {
  override name = 'RpcRequestError'
  declare readonly code: number
  readonly data: unknown

  constructor({ code, data, details, cause }: ErrorParameters & { readonly code: number; readonly data?: unknown }) {
    super(RPC_FAILED, { category: ErrorCategory.RPC, code, details, cause })
    this.data = data
  }
}
