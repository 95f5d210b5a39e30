/**
 * One request's abort signal: it fires after `ms` on `scheduler` (the instance's `deps.scheduler`, a
 * test's virtual time; default real timers), or when the caller's own signal fires. Shared by every
 * HTTP call (`fetchJson`, the chain RPC client) so the time-out is handled one way.
 *
 * ```ts
 * const abort = timedAbort(10_000, options.signal, deps.scheduler)
 * try { await fetch(url, { signal: abort.signal }) } catch (e) { if (abort.timedOut()) … } finally { abort.dispose() }
 * ```
 */
import { asyncScheduler, type SchedulerLike } from 'rxjs'

export interface TimedAbort {
  readonly signal: AbortSignal
  /** Whether it fired because the time ran out (not because the caller aborted). */
  timedOut(): boolean
  /** Clear the timer and stop listening to the caller's signal. */
  dispose(): void
}

export function timedAbort(ms: number, outer?: AbortSignal, scheduler: SchedulerLike = asyncScheduler): TimedAbort {
  const controller = new AbortController()
  let expired = false
  const abort = (): void => controller.abort()
  const timer = scheduler.schedule(() => {
    expired = true
    abort()
  }, ms)
  if (outer?.aborted) abort()
  else outer?.addEventListener('abort', abort, { once: true })
  return {
    signal: controller.signal,
    timedOut: () => expired,
    dispose() {
      timer.unsubscribe()
      outer?.removeEventListener('abort', abort)
    },
  }
}
