/**
 * A scheduler (rxjs SchedulerLike) for the clients' waits (src/kernel/retry.ts): each wait asked
 * for is recorded and ends at once (on a microtask), so a test sees the backoff without waiting it.
 * Work asked for exactly `deadlineMs` is a request's time-out (src/remote/timedAbort.ts, on the same
 * scheduler): it runs on real timers and is not recorded, so a server that answers is not cut off
 * at once. Default: the clients' 10 s time-out.
 */
import { asyncScheduler, Subscription, type SchedulerLike } from 'rxjs'

export function recordingScheduler(waits: number[], deadlineMs = 10_000): SchedulerLike {
  return {
    now: () => 0,
    schedule(work, delay = 0, state) {
      if (delay === deadlineMs) return asyncScheduler.schedule(work as (state?: unknown) => void, delay, state)
      waits.push(delay)
      const subscription = new Subscription()
      queueMicrotask(() => {
        if (!subscription.closed) (work as (state: unknown) => void)(state)
      })
      return subscription
    },
  }
}
