/**
 * The chain JSON-RPC client (SPEC §7 chain RPC): URLs, retries, errors.
 *
 * ```ts
 * import { createRpcClient, resolveRpcUrl, RpcError } from '../remote/rpc'
 * const rpc = createRpcClient({ url: resolveRpcUrl({ caipNetworkId, rpcHost, projectId }), fetch })
 * ```
 */
export { createRpcClient, type RpcClient, type RpcClientOptions, type RpcRequestOptions } from './client'
export { RpcError, RPC_FAILED, RPC_ABORTED, HTTP_FAILED, TIMED_OUT, httpStatusError, httpFailedError, timedOutError, abortedError } from './errors'
export { parseRetryAfter } from './retryAfter'
export { rpcUrl, resolveRpcUrl, type ResolveRpcUrlInput } from './rpcUrl'
export * from './retryPolicy'
