/**
 * A scheduler (rxjs SchedulerLike) for the clients' waits (src/kernel/retry.ts): each wait asked
 * for is recorded and ends at once (on a microtask), so a test sees the backoff without waiting it.
 */
import { Subscription, type SchedulerLike } from 'rxjs'

export function recordingScheduler(waits: number[]): SchedulerLike {
  return {
    now: () => 0,
    schedule(work, delay = 0, state) {
      waits.push(delay)
      const subscription = new Subscription()
      queueMicrotask(() => {
        if (!subscription.closed) (work as (state: unknown) => void)(state)
      })
      return subscription
    },
  }
}
