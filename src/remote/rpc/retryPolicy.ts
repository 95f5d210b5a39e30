/**
 * When and how long chain RPC calls are retried (SPEC §7 chain RPC, §9 "RPC retry default:
 * 3, exponential, 150 ms base").
 *
 * Our reading of "3, exponential, 150 ms base": three tries in all, the first and two retries;
 * the wait before retry n (1-based) is 150·2^(n-1) ms, so 150 ms then 300 ms. When the server
 * sends `Retry-After` we wait the longer of the backoff and that delay, the delay capped at
 * RETRY_AFTER_CAP_MS (our cap, so that a server cannot hold the visitor for minutes).
 *
 * ```ts
 * backoffMs(1) // 150
 * backoffMs(2) // 300
 * isRetryableStatus(429) // true
 * isRetryableRpcCode(4001) // false
 * ```
 */
export const RPC_RETRY_COUNT = 3
export const RPC_RETRY_BASE_MS = 150
export const RETRY_AFTER_CAP_MS = 5_000
/** Per try. */
export const RPC_TIMEOUT_MS = 10_000

/** SPEC §7: the HTTP statuses a chain RPC call is retried on. */
export const RETRYABLE_HTTP_STATUS: readonly number[] = [403, 408, 413, 429, 500, 502, 503, 504]

/**
 * The JSON-RPC codes (SPEC §8) that say "later": -32002 resource unavailable, -32005 limit
 * exceeded. -32603 internal error is not among them: nodes use it for deterministic failures
 * (a reverting call) as often as for transient ones.
 */
export const RETRYABLE_RPC_CODES: readonly number[] = [-32002, -32005]

/**
 * Codes never retried whatever else changes: 4001 user rejected (asking again would ask the user
 * again) and -32602 invalid params (the same request fails the same way). Every code not in
 * RETRYABLE_RPC_CODES is not retried either; this list names the ones that must never be.
 */
export const NEVER_RETRIED_RPC_CODES: readonly number[] = [4001, -32602]

export const isRetryableStatus = (status: number): boolean => RETRYABLE_HTTP_STATUS.includes(status)

export const isRetryableRpcCode = (code: number): boolean => RETRYABLE_RPC_CODES.includes(code) && !NEVER_RETRIED_RPC_CODES.includes(code)

/** The wait before retry `attempt` (1-based): base·2^(attempt-1), so 150, 300, 600 … ms. */
export function backoffMs(attempt: number, baseMs: number = RPC_RETRY_BASE_MS): number {
  return baseMs * 2 ** (attempt - 1)
}
