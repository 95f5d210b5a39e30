/**
 * observeListScroll: a virtualised list counts as scrolling from a scroll event until the browser's
 * scrollend has come after it and SETTLE_MS passed without another (the quiet time alone where the
 * browser has no scrollend), so a main thread that stalls in mid-scroll does not end the scroll
 * (which loaded every row's icon in mid-flight); at the latest MAX_WAIT_MS after the last scroll event.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_WAIT_MS, SETTLE_MS, observeListScroll } from './observeListScroll'

/** A scroll element whose window has (or lacks) `onscrollend`, and the reports the observer makes. */
function list({ scrollend }: { scrollend: boolean }) {
  const element = Object.assign(new EventTarget(), {
    scrollTop: 0,
    ownerDocument: { defaultView: scrollend ? { onscrollend: null } : {} },
  })
  const reports: [number, boolean][] = []
  const stop = observeListScroll({ scrollElement: element as unknown as Element }, (offset, isScrolling) => reports.push([offset, isScrolling]))
  const scroll = (to: number) => {
    element.scrollTop = to
    element.dispatchEvent(new Event('scroll'))
  }
  const scrollEnd = () => element.dispatchEvent(new Event('scrollend'))
  /** Whether the last report says the list scrolls. */
  const scrolling = () => reports.at(-1)?.[1]
  return { reports, stop, scroll, scrollEnd, scrolling }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('observeListScroll', () => {
  it('no scroll element: no observer', () => {
    expect(observeListScroll({ scrollElement: null }, () => {})).toBeUndefined()
  })

  it('without scrollend, the scroll ends after SETTLE_MS without a scroll event', () => {
    const l = list({ scrollend: false })
    l.scroll(20)
    expect(l.reports).toEqual([[20, true]])
    vi.advanceTimersByTime(SETTLE_MS - 50)
    l.scroll(40)
    vi.advanceTimersByTime(SETTLE_MS - 1)
    expect(l.scrolling()).toBe(true)
    vi.advanceTimersByTime(1)
    expect(l.reports.at(-1)).toEqual([40, false])
  })

  it('with scrollend, a main thread quiet for a second in mid-scroll does not end it; scrollend does', () => {
    const l = list({ scrollend: true })
    l.scroll(20)
    vi.advanceTimersByTime(1000)
    expect(l.scrolling()).toBe(true)
    l.scroll(1200)
    vi.advanceTimersByTime(SETTLE_MS + 10)
    expect(l.scrolling()).toBe(true)
    l.scrollEnd()
    expect(l.reports.at(-1)).toEqual([1200, false])
    expect(l.reports.filter(([, scrolling]) => !scrolling)).toHaveLength(1)
  })

  it('a scrollend after each frame of a scripted scroll does not end it until SETTLE_MS without a scroll event', () => {
    const l = list({ scrollend: true })
    for (let frame = 1; frame <= 30; frame++) {
      l.scroll(frame * 20)
      l.scrollEnd()
      vi.advanceTimersByTime(16)
    }
    expect(l.reports.every(([, scrolling]) => scrolling)).toBe(true)
    vi.advanceTimersByTime(SETTLE_MS)
    expect(l.reports.at(-1)).toEqual([600, false])
  })

  it(`with scrollend that never comes, the scroll ends ${MAX_WAIT_MS} ms after the last scroll event`, () => {
    const l = list({ scrollend: true })
    l.scroll(20)
    vi.advanceTimersByTime(MAX_WAIT_MS - 1)
    expect(l.scrolling()).toBe(true)
    vi.advanceTimersByTime(1)
    expect(l.reports.at(-1)).toEqual([20, false])
  })

  it('one timer for a whole scroll, not one per scroll event (each costs the main thread)', () => {
    const l = list({ scrollend: true })
    // Counted by a wrapper put back in `finally`, not vi.spyOn: in the fast tier's shared workers a
    // spy on the faked setTimeout left the next file's timers never firing (a hang to its time-out).
    const faked = globalThis.setTimeout
    let calls = 0
    globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
      calls++
      return faked(...args)
    }) as typeof setTimeout
    try {
      for (let frame = 1; frame <= 60; frame++) {
        l.scroll(frame * 20)
        vi.advanceTimersByTime(16)
      }
      l.scrollEnd()
      vi.advanceTimersByTime(SETTLE_MS)
    } finally {
      globalThis.setTimeout = faked
    }
    expect(l.reports.at(-1)).toEqual([1200, false])
    // 60 scroll events in a second: the timer set at the first, re-armed when it fired early.
    expect(calls).toBeGreaterThan(0)
    expect(calls).toBeLessThanOrEqual(10)
  })

  it('stopped, it reports nothing more', () => {
    const l = list({ scrollend: true })
    l.scroll(20)
    l.stop?.()
    l.scroll(40)
    l.scrollEnd()
    vi.advanceTimersByTime(MAX_WAIT_MS)
    expect(l.reports).toEqual([[20, true]])
  })
})
