/**
 * The scroll observer of Airlock's virtualised lists (the virtualiser's `observeElementOffset`):
 * it reports each scroll's offset, and when the scroll has ended. The list counts as scrolling from
 * a scroll event until both the browser's `scrollend` has come after it (where the browser has
 * that event) and `SETTLE_MS` have passed without another scroll event; without `scrollend`, the
 * quiet time alone says.
 *
 * Why both: a wheel, trackpad or touch scroll runs on the compositor, and the page hears of it only
 * in the main thread's frames. A main thread that stalls (a slow device, a busy one) leaves
 * hundreds of ms between scroll events while the list still moves, and the virtualiser's own
 * 150 ms timer then called the scroll over in mid-flight: every row that had come into view loaded
 * its icon then (`imageAfterScroll`), the work the stall could least afford (31 token icons loaded
 * during one 10 s wheel scroll of 1,000 tokens at 4× CPU). `scrollend` comes when the scroll has
 * really ended; but a script that sets `scrollTop` in each frame gets a `scrollend` after each one,
 * so the quiet time is kept too. `MAX_WAIT_MS` after the last scroll event, the scroll counts as
 * ended even if no `scrollend` came. One timer serves a whole scroll: re-armed when it fires
 * early, not set again on each scroll event.
 *
 * While the list scrolls, a scroll event is passed on when the offset has moved `REPORT_STEP_PX`
 * since the last one passed on (and always at a scroll's start and end): the virtualiser then
 * renders rows a few at a time, not at each row boundary, and the main thread's fixed work for a
 * change of rows (React's render and commit, style, layout, paint, the layer's commit to the
 * compositor) comes a fraction as often. The rows stay ahead of the view as long as the list's
 * overscan is more than the step: the lists' overscans are 6–8 rows (over 300 px).
 *
 * A report in mid-scroll is a React transition (`startTransition`), the scroll's start and end are
 * not: with the virtualiser's `useFlushSync: false`, the rows a step brings are rendered by React in
 * slices between frames, where the virtualiser's `flushSync` rendered them inside the scroll event,
 * so the frame of each step carried the whole render (issue 27 §1: at 4× CPU that frame missed its
 * vsync at nearly every step of a scroll of 1,000 activity items). The overscan keeps the rows
 * ahead of the view while a step's render waits; the start and the end (the rows' `scrolling` flag:
 * icons, pointer events) apply at once.
 *
 * ```tsx
 * const virtualizer = useVirtualizer({ …, observeElementOffset: observeListScroll, useFlushSync: false })
 * ```
 */

import { startTransition } from 'react'

/** Quiet time after a scroll event before the scroll counts as ended (the virtualiser's default). */
export const SETTLE_MS = 150
/** After this long without a scroll event, the scroll counts as ended even without `scrollend`. */
export const MAX_WAIT_MS = 3000
/** While scrolling, the offset is reported again once it has moved this far (px) from the last report. */
export const REPORT_STEP_PX = 120

/** What the observer needs of the virtualiser: its scroll element. */
interface ScrollInstance {
  readonly scrollElement: Element | null
}

/**
 * The observer, with `defer` running each mid-scroll report (React's `startTransition` in
 * `observeListScroll`; a test's own, to see which reports are deferred).
 */
export const scrollObserver =
  (defer: (run: () => void) => void) =>
  (instance: ScrollInstance, report: (offset: number, isScrolling: boolean) => void): undefined | (() => void) => {
    const element = instance.scrollElement
    if (!element) return undefined
    const view = element.ownerDocument.defaultView
    const hasScrollend = view !== null && 'onscrollend' in view
    /** When the last scroll event came (0: not scrolling). */
    let last = 0
    /** Whether a `scrollend` came after the last scroll event (always, where there is no such event). */
    let ended = true
    /** One timer for the scroll, not one per scroll event (a timer costs the main thread ~0.2 ms). */
    let timer: ReturnType<typeof setTimeout> | undefined
    /** Whether the timer waits for MAX_WAIT_MS (no `scrollend` yet), so a `scrollend` re-arms it. */
    let waitsLong = false
    /** The offset last reported while scrolling. */
    let reported = 0
    const check = () => {
      const quiet = Date.now() - last
      if (quiet >= MAX_WAIT_MS || (ended && quiet >= SETTLE_MS)) {
        timer = undefined
        last = 0
        report(element.scrollTop, false)
        return
      }
      waitsLong = !ended
      timer = setTimeout(check, (ended ? SETTLE_MS : MAX_WAIT_MS) - quiet)
    }
    const onScroll = () => {
      last = Date.now()
      ended = !hasScrollend
      const offset = element.scrollTop
      const starts = timer === undefined
      if (starts) {
        waitsLong = false
        timer = setTimeout(check, SETTLE_MS)
        reported = offset
        report(offset, true)
      } else if (Math.abs(offset - reported) >= REPORT_STEP_PX) {
        reported = offset
        defer(() => report(offset, true))
      }
    }
    const onScrollend = () => {
      ended = true
      if (last !== 0 && waitsLong) {
        clearTimeout(timer)
        check()
      }
    }
    const options = { passive: true }
    element.addEventListener('scroll', onScroll, options)
    if (hasScrollend) element.addEventListener('scrollend', onScrollend, options)
    return () => {
      element.removeEventListener('scroll', onScroll)
      if (hasScrollend) element.removeEventListener('scrollend', onScrollend)
      clearTimeout(timer)
    }
  }

/** The lists' observer: mid-scroll reports as React transitions. */
export const observeListScroll = scrollObserver(startTransition)
