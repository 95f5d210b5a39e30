/**
 * SPEC §9's retry ("3, exponential, 150 ms base": three tries in all, 150 ms then 300 ms apart,
 * on the injected scheduler) for config-API calls a visitor waits on. Only failures that may pass
 * are tried again: the service could not be reached, or answered 408, 429 or 5xx. A time-out is not
 * (the visitor has already waited 10 s; the view offers a retry), nor is an answer of the wrong
 * shape or another status (the same request would fail the same way).
 */
import { defer, retry, timer, type Observable, type SchedulerLike } from 'rxjs'
import { AirlockError } from '../../kernel/errors'
import { backoffMs, RPC_RETRY_BASE_MS, RPC_RETRY_COUNT } from '../rpc/retryPolicy'

/** The statuses that say "later" for a GET of the config API. */
export const RETRYABLE_CONFIG_STATUS: readonly number[] = [408, 429, 500, 502, 503, 504]

/** A fetch that notes whether the request itself failed (the service unreachable), not an abort. */
export interface TrackedFetch {
  readonly fetch: typeof globalThis.fetch | undefined
  /** Whether the last call threw without being aborted. */
  unreachable(): boolean
}

/**
 * Wrap `fetchImpl` to tell an unreachable service from other failures.
 *
 * ```ts
 * const tracked = trackUnreachable(fetch)
 * await tracked.fetch?.('http://127.0.0.1:9/x').catch(() => tracked.unreachable()) // true
 * ```
 */
export function trackUnreachable(fetchImpl: typeof globalThis.fetch | undefined): TrackedFetch {
  let unreachable = false
  return {
    fetch:
      fetchImpl &&
      (async (input, init) => {
        try {
          return await fetchImpl(input, init)
        } catch (error) {
          unreachable = !(init?.signal?.aborted ?? false)
          throw error
        }
      }),
    unreachable: () => unreachable,
  }
}

/**
 * Whether a failed call is worth another try.
 *
 * ```ts
 * isRetryable(new AirlockError('HTTP status code: 503', { code: 503 }), false) // true
 * isRetryable(new AirlockError('HTTP request failed'), true) // true: unreachable
 * isRetryable(new AirlockError('HTTP status code: 401', { code: 401 }), false) // false
 * ```
 */
export function isRetryable(error: unknown, unreachable: boolean): boolean {
  if (unreachable) return true
  return error instanceof AirlockError && typeof error.code === 'number' && RETRYABLE_CONFIG_STATUS.includes(error.code)
}

/**
 * Make a request up to RPC_RETRY_COUNT times. `attempt` is called once per try with a fetch
 * that tells an unreachable service apart; the waits run on `scheduler`, so tests drive them with
 * virtual time.
 *
 * ```ts
 * withRetry(scheduler, fetch, (fetchOnce) => requestJson({ fetch: fetchOnce, scheduler }, url, codec))
 * ```
 */
export function withRetry<A>(
  scheduler: SchedulerLike,
  fetchImpl: typeof globalThis.fetch | undefined,
  attempt: (fetch: typeof globalThis.fetch | undefined) => Observable<A>,
): Observable<A> {
  let tracked: TrackedFetch = trackUnreachable(fetchImpl)
  return defer(() => {
    tracked = trackUnreachable(fetchImpl)
    return attempt(tracked.fetch)
  }).pipe(
    retry({
      count: RPC_RETRY_COUNT - 1,
      delay: (error: unknown, retryCount: number) => {
        if (!isRetryable(error, tracked.unreachable())) throw error
        return timer(backoffMs(retryCount, RPC_RETRY_BASE_MS), scheduler)
      },
    }),
  )
}
