/**
 * The errors of the chain RPC client, with the SPEC §8 messages:
 * - "RPC Request failed": the node answered with a JSON-RPC error; an `RpcRequestError` (alias
 *   `RpcError`) whose `code` is the JSON-RPC code (4001, -32602, …), `details` the node's message
 *   and `data` its data;
 * - "HTTP status code: N": a non-2xx answer, after the retries (HttpStatusError; `code` is the status);
 * - "HTTP request failed": the request could not be made, or the answer is not JSON-RPC (HttpRequestError);
 * - "The request took too long to respond": the last try timed out (TimeoutError);
 * - "Request was aborted": the caller's signal fired (RequestAbortedError).
 * The last four are of category NETWORK, like the ones `fetchJson` throws.
 *
 * ```ts
 * try {
 *   await rpc.request('eth_sendTransaction', [tx])
 * } catch (error) {
 *   if (error instanceof RpcError && error.code === 4001) showDeclined()
 * }
 * ```
 */
import { HTTP_FAILED, HttpRequestError, HttpStatusError, REQUEST_ABORTED, RequestAbortedError, TIMED_OUT, TimeoutError } from '../../kernel/errors/http'
import { RPC_FAILED, RpcRequestError } from '../../kernel/errors/rpc'

export { HTTP_FAILED, TIMED_OUT, RPC_FAILED, REQUEST_ABORTED as RPC_ABORTED }
/** The node's JSON-RPC error: the kernel's RpcRequestError, by the name this client always used. */
export { RpcRequestError as RpcError }

export const httpStatusError = (status: number): HttpStatusError => new HttpStatusError({ status })

export const httpFailedError = (details?: string, cause?: unknown): HttpRequestError => new HttpRequestError({ details, cause })

export const timedOutError = (cause?: unknown): TimeoutError => new TimeoutError({ cause })

export const abortedError = (cause?: unknown): RequestAbortedError => new RequestAbortedError({ cause })
