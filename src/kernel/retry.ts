/**
 * The one wait and retry service of clients and adapters, on the injected scheduler (`deps.scheduler`,
 * DESIGN "Effects get their world injected"), so a test runs their waits in virtual time instead
 * of the wall clock, and sees each wait they ask for.
 */
import { asyncScheduler, type SchedulerLike } from 'rxjs'

/** The injected time: `deps.clock` and `deps.scheduler`. */
export interface Time {
  readonly clock: { now(): number }
  readonly scheduler: SchedulerLike
}

/** The wall clock and real timers, for a caller given no time of the instance's. */
export const REAL_TIME: Time = { clock: Date, scheduler: asyncScheduler }

/**
 * Wait `ms` on `scheduler`. With a `signal`, an abort ends the wait at once with `aborted(reason)`.
 *
 * ```ts
 * await sleep(deps.scheduler, 150)
 * ```
 */
export function sleep(scheduler: SchedulerLike, ms: number, signal?: AbortSignal, aborted?: (reason: unknown) => Error): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stop = (): void => {
      timer.unsubscribe()
      reject(aborted ? aborted(signal?.reason) : signal?.reason)
    }
    const timer = scheduler.schedule(() => {
      signal?.removeEventListener('abort', stop)
      resolve()
    }, ms)
    if (signal?.aborted) stop()
    else signal?.addEventListener('abort', stop, { once: true })
  })
}

/**
 * Run `attempt` (1, 2, …) until it answers. When it throws, `wait(error, n)` says how long to wait
 * before try n + 1, or undefined to give up: then its error is thrown.
 *
 * ```ts
 * await retrying((n) => post(body), (error, n) => (n < 3 && retryable(error) ? 150 * 2 ** (n - 1) : undefined), deps.scheduler)
 * ```
 */
export async function retrying<T>(
  attempt: (n: number) => Promise<T>,
  wait: (error: unknown, n: number) => number | undefined,
  scheduler: SchedulerLike,
  signal?: AbortSignal,
  aborted?: (reason: unknown) => Error,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n)
    } catch (error) {
      const ms = wait(error, n)
      if (ms === undefined) throw error
      await sleep(scheduler, ms, signal, aborted)
    }
  }
}
