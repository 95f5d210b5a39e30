/**
 * observeListScroll: a virtualised list counts as scrolling from a scroll event until the browser's
 * scrollend has come after it and SETTLE_MS passed without another (the quiet time alone where the
 * browser has no scrollend), so a main thread that stalls in mid-scroll does not end the scroll
 * (which loaded every row's icon in mid-flight); at the latest MAX_WAIT_MS after the last scroll event.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_WAIT_MS, REPORT_STEP_PX, SETTLE_MS, observeListScroll, scrollObserver } from './observeListScroll'

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

  it(`while scrolling, an offset is reported once it has moved ${REPORT_STEP_PX} px from the last report; the start and the end always`, () => {
    const l = list({ scrollend: true })
    // 20 px a frame for 60 frames (1,200 px/s), then back up 10 px a frame for 20 frames.
    for (let frame = 1; frame <= 60; frame++) l.scroll(frame * 20)
    for (let frame = 1; frame <= 20; frame++) l.scroll(1200 - frame * 10)
    l.scrollEnd()
    vi.advanceTimersByTime(SETTLE_MS)
    const offsets = l.reports.map(([offset]) => offset)
    // The first scroll event, then each one REPORT_STEP_PX (a multiple of 20 here) past the last report, down and then up.
    const down = Array.from({ length: Math.floor((1200 - 20) / REPORT_STEP_PX) + 1 }, (_, i) => 20 + i * REPORT_STEP_PX)
    expect(offsets.slice(0, down.length)).toEqual(down)
    expect(l.reports.slice(0, -1).every(([, scrolling]) => scrolling)).toBe(true)
    // Every report while scrolling moved at least REPORT_STEP_PX from the one before.
    for (let i = 1; i < offsets.length - 1; i++) expect(Math.abs(offsets[i]! - offsets[i - 1]!)).toBeGreaterThanOrEqual(REPORT_STEP_PX)
    // 80 scroll events, a report per REPORT_STEP_PX moved (1,400 px in all) and the end's.
    expect(l.reports.length).toBeLessThanOrEqual(Math.ceil(1400 / REPORT_STEP_PX) + 2)
    // The end reports the exact offset.
    expect(l.reports.at(-1)).toEqual([1000, false])
  })

  it('listens to scroll and scrollend only, passively: nothing it adds can hold a scroll on the main thread', () => {
    const added: { type: string; passive: boolean | undefined }[] = []
    const element = Object.assign(new EventTarget(), { scrollTop: 0, ownerDocument: { defaultView: { onscrollend: null } } })
    const add = element.addEventListener.bind(element)
    element.addEventListener = (type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) => {
      added.push({ type, passive: typeof options === 'object' ? options.passive : undefined })
      add(type, listener, options)
    }
    observeListScroll({ scrollElement: element as unknown as Element }, () => {})
    expect(added).toEqual([
      { type: 'scroll', passive: true },
      { type: 'scrollend', passive: true },
    ])
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

  it('a mid-scroll report is deferred (a React transition in the lists), the start and the end are not', () => {
    const element = Object.assign(new EventTarget(), { scrollTop: 0, ownerDocument: { defaultView: { onscrollend: null } } })
    const reports: [number, boolean, 'deferred' | 'at once'][] = []
    let deferring = false
    const defer = (run: () => void) => {
      deferring = true
      try {
        run()
      } finally {
        deferring = false
      }
    }
    scrollObserver(defer)({ scrollElement: element as unknown as Element }, (offset, isScrolling) =>
      reports.push([offset, isScrolling, deferring ? 'deferred' : 'at once']),
    )
    const scroll = (to: number) => {
      element.scrollTop = to
      element.dispatchEvent(new Event('scroll'))
    }
    scroll(20)
    scroll(20 + REPORT_STEP_PX - 1)
    scroll(20 + REPORT_STEP_PX)
    scroll(20 + 2 * REPORT_STEP_PX)
    element.dispatchEvent(new Event('scrollend'))
    vi.advanceTimersByTime(SETTLE_MS)
    expect(reports).toEqual([
      [20, true, 'at once'],
      [20 + REPORT_STEP_PX, true, 'deferred'],
      [20 + 2 * REPORT_STEP_PX, true, 'deferred'],
      [20 + 2 * REPORT_STEP_PX, false, 'at once'],
    ])
  })
})
