/**
 * When chain RPC calls are retried (SPEC §7 chain RPC, §9 "RPC retry default: 3, exponential,
 * 150 ms base").
 *
 * Our reading of "3": three tries in all, the first and two retries, waiting 150 ms then 300 ms
 * (or what `Retry-After` asks, up to RETRY_AFTER_CAP_MS).
 */
export const RPC_RETRY_COUNT = 3
export const RPC_RETRY_BASE_MS = 150
/** The longest wait a server's `Retry-After` can impose on the visitor. */
export const RETRY_AFTER_CAP_MS = 5_000
export const RPC_TIMEOUT_MS = 10_000

export const RETRYABLE_HTTP_STATUS: ReadonlySet<number> = new Set([403, 408, 413, 429, 500, 502, 503, 504])

/**
 * Retryable JSON-RPC codes (SPEC §8): -32002 resource unavailable and -32005 limit exceeded say
 * "later"; everything else (4001 user rejected, -32602 invalid params, …) will fail the same again.
 */
export const RETRYABLE_RPC_CODES: ReadonlySet<number> = new Set([-32002, -32005])

/** The wait before retry `attempt` (1-based): 150, 300, 600 … ms. */
export function backoffMs(attempt: number, baseMs: number = RPC_RETRY_BASE_MS): number {
  return baseMs * 2 ** (attempt - 1)
}
