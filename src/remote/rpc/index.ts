/** The chain JSON-RPC client (SPEC §7 chain RPC). */
export { createRpcClient, type RpcClient, type RpcClientOptions } from './client'
export { RpcError, RPC_FAILED, RPC_ABORTED } from './errors'
export { parseRetryAfter } from './retryAfter'
export { rpcUrl } from './rpcUrl'
export * from './retryPolicy'
