/**
 * Time in views, on the instance's injected clock and scheduler (`deps.clock`, `deps.scheduler`):
 * the time a view tells ("5 minutes ago") and the waits it makes ("Link copied" for 2 s) follow a
 * test's virtual time as its effects do (issue 26 §4), and the wall clock on a page.
 */
import { useEffect, useState } from 'react'
import { asyncScheduler, interval, map, type Observable } from 'rxjs'
import type { Time } from '../../kernel/retry'
import { instanceTimes } from '../../kernel/instanceTime'
import { useAirlock } from '../react/context'

/** The wall clock and real timers (one object, so a hook's dependencies keep it across renders). */
const WALL: Time = { clock: Date, scheduler: asyncScheduler }

/** The instance's clock and scheduler; the wall clock and real timers for an instance `createAirlock` did not make. */
export function useTime(): Time {
  return instanceTimes.get(useAirlock().state$) ?? WALL
}

/** The clock's time every `periodMs` on the scheduler: what `useNow` re-renders with. */
export function clockEvery(time: Time, periodMs: number): Observable<number> {
  return interval(periodMs, time.scheduler).pipe(map(() => time.clock.now()))
}

/**
 * The instance's clock's time, read again every `periodMs` (a view re-renders then, not on each
 * frame).
 *
 * ```tsx
 * const now = useNow(30_000)
 * <p>{relativeTime(item.timestamp, now, locale)}</p>
 * ```
 */
export function useNow(periodMs: number): number {
  const time = useTime()
  const [now, setNow] = useState(() => time.clock.now())
  useEffect(() => {
    const subscription = clockEvery(time, periodMs).subscribe(setNow)
    return () => subscription.unsubscribe()
  }, [time, periodMs])
  return now
}
