/**
 * Views tell time on the instance's clock and scheduler (issue 26 §4): `useNow`'s refresh runs on
 * the injected scheduler, so virtual time drives it and the wall clock does not.
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { clockEvery } from './useTime'

describe('clockEvery (what useNow re-renders with)', () => {
  it('reads the instance’s clock every period of the instance’s scheduler, in virtual time', () => {
    const scheduler = new VirtualTimeScheduler(undefined, 95_000)
    const seen: number[] = []
    const subscription = clockEvery({ clock: { now: () => 1_000 + scheduler.now() }, scheduler }, 30_000).subscribe((now) => seen.push(now))
    expect(seen).toEqual([])
    scheduler.flush()
    expect(seen).toEqual([31_000, 61_000, 91_000])
    subscription.unsubscribe()
  })
})
