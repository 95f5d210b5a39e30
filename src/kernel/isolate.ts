/**
 * The kernel's effect isolation, the one path every effect runs through: a module's own (the
 * kernel) and those a lazy chunk brings (./moduleEffects). Each failure is reported, then that
 * effect alone starts again, so one failing effect never stops its neighbours; an effect that fails
 * while subscribing would fail again at once, so it is reported once and stays stopped.
 */
import { Subscription, type Observable } from 'rxjs'

/**
 * Subscribe to `run()` under those rules; unsubscribing the answer stops it for good (no fresh
 * start after that).
 *
 * ```ts
 * isolate(() => effect(events$, state$, deps), dispatch, (error) => report('effect:quote', error))
 * ```
 */
export function isolate<T>(run: () => Observable<T>, next: (item: T) => void, report: (error: unknown) => void): Subscription {
  const all = new Subscription()
  const start = (): void => {
    let subscribing = true
    try {
      all.add(
        run().subscribe({
          next,
          error: (error: unknown) => {
            report(error)
            if (!subscribing && !all.closed) start()
          },
        }),
      )
    } catch (error) {
      report(error)
    }
    subscribing = false
  }
  start()
  return all
}
