/**
 * The errors of the chain RPC client, with the SPEC §8 messages:
 * - "RPC Request failed": the node answered with a JSON-RPC error; an `RpcError` whose `code` is
 *   the JSON-RPC code (4001, -32602, …), `details` the node's message and `data` its data;
 * - "HTTP status code: N": a non-2xx answer, after the retries; `code` is the status;
 * - "HTTP request failed": the request could not be made, or the answer is not JSON-RPC;
 * - "The request took too long to respond": the last try timed out;
 * - "Request was aborted": the caller's signal fired.
 * Only the first is an `RpcError`; the others are `AirlockError`s of category NETWORK, like the
 * ones `fetchJson` throws.
 *
 * ```ts
 * try {
 *   await rpc.request('eth_sendTransaction', [tx])
 * } catch (error) {
 *   if (error instanceof RpcError && error.code === 4001) showDeclined()
 * }
 * ```
 */
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import { HTTP_FAILED, TIMED_OUT } from '../fetchJson'

export { HTTP_FAILED, TIMED_OUT }
export const RPC_FAILED = 'RPC Request failed'
export const RPC_ABORTED = 'Request was aborted'

/** A JSON-RPC error answer: `code` is the node's, the node's message is in `details`. */
export class RpcError extends AirlockError {
  override readonly name: string = 'RpcError'
  override readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(RPC_FAILED, { category: ErrorCategory.RPC, code, details: message })
    this.code = code
    this.data = data
  }
}

export const httpStatusError = (status: number): AirlockError =>
  new AirlockError(`HTTP status code: ${status}`, { category: ErrorCategory.NETWORK, code: status })

export const httpFailedError = (details?: string, cause?: unknown): AirlockError =>
  new AirlockError(HTTP_FAILED, { category: ErrorCategory.NETWORK, details, cause })

export const timedOutError = (cause?: unknown): AirlockError => new AirlockError(TIMED_OUT, { category: ErrorCategory.NETWORK, cause })

export const abortedError = (cause?: unknown): AirlockError => new AirlockError(RPC_ABORTED, { category: ErrorCategory.NETWORK, cause })
