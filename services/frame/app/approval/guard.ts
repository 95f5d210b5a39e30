/**
 * When a click on the frame's Approve counts (DESIGN "The secure frame decides"). A page script
 * cannot click into a cross-origin frame, but it can restyle the frame: make it transparent, cover
 * it with something that lets clicks through, or move it under the visitor's pointer just before
 * a click meant for the page. So Approve counts only when all of these hold:
 *
 * - the click is trusted (`isTrusted`) and the frame has the user activation it gives;
 * - the frame has been visible and unobscured (IntersectionObserver v2 `isVisible`: nothing drawn
 *   over it, no opacity, filter or skewing transform on it or any ancestor, the page's included)
 *   for ARM_DELAY_MS without a break, and the request has been on screen that long (so one click
 *   never approves the next request of a queue);
 * - a pointer click: the pointer has been inside the frame for ARM_DELAY_MS, with the frame at the
 *   same place on the screen all that time (the offset between a pointer event's screen and
 *   client coordinates is where the frame sits: when it changes, the frame was moved under the
 *   pointer); a keyboard click: Approve has had focus that long.
 *
 * Where `isVisible` is not implemented (browsers without IntersectionObserver v2: Firefox and
 * Safari today) visibility cannot be verified, so Approve stays disabled and the view says why:
 * a wallet that cannot tell a visible request from a hidden one must not sign. The delay is the
 * one Chromium gives its own permission prompts against the same trick (about half a second).
 */
export const ARM_DELAY_MS = 500
/** IntersectionObserver v2's minimum delay between notifications (100 ms, its spec's floor). */
const OBSERVER_DELAY_MS = 100

export type Refusal = 'untrusted' | 'unverifiable' | 'notVisible' | 'pointer' | 'focus'

export interface ApproveGuard {
  /** Whether Approve can be enabled now (visible long enough for the request shown); `unverifiable` when it never can. */
  state(): 'armed' | 'waiting' | 'unverifiable'
  /** Why a click on Approve does not count, or null when it does. */
  check(event: MouseEvent): Refusal | null
  /** A new request is on screen: its own delay starts now. */
  shown(): void
  /** Called whenever `state()` may have changed. */
  onChange(listener: () => void): void
  dispose(): void
}

interface GuardWindow {
  readonly document: Document
  readonly navigator: Navigator
  readonly IntersectionObserver?: typeof IntersectionObserver
  readonly IntersectionObserverEntry?: typeof IntersectionObserverEntry
  setTimeout(run: () => void, ms: number): number
  clearTimeout(id: number): void
}

interface Offset {
  readonly x: number
  readonly y: number
}
const offsetOf = (event: MouseEvent): Offset => ({ x: event.screenX - event.clientX, y: event.screenY - event.clientY })
/** A click's coordinates are whole pixels where a pointer event's are fractional: a pixel apart is the same place. */
const samePlace = (a: Offset, b: Offset) => Math.abs(a.x - b.x) <= 1 && Math.abs(a.y - b.y) <= 1

/** Watches `target` (the view's root) and `approve` (the button) in `win`. */
export function createApproveGuard(win: GuardWindow, target: Element, approve: HTMLElement, now: () => number = () => performance.now()): ApproveGuard {
  const changeListeners = new Set<() => void>()
  const changed = () => changeListeners.forEach((listener) => listener())
  const verifiable =
    win.IntersectionObserver !== undefined && win.IntersectionObserverEntry !== undefined && 'isVisible' in win.IntersectionObserverEntry.prototype
  let visibleSince: number | null = null
  let shownAt = now()
  let pointer: { since: number; offset: Offset } | null = null
  let focusedSince: number | null = null
  let timer: number | undefined

  /** Re-check once the delay has run from the latest start. */
  const schedule = () => {
    if (timer !== undefined) win.clearTimeout(timer)
    timer = undefined
    const starts = visibleSince === null ? null : Math.max(visibleSince, shownAt)
    if (starts === null) return changed()
    const left = starts + ARM_DELAY_MS - now()
    changed()
    if (left > 0) timer = win.setTimeout(schedule, left + 10)
  }

  let observer: IntersectionObserver | undefined
  if (verifiable) {
    const Observer = win.IntersectionObserver!
    // threshold 1: the whole view must be inside the viewport, not partly scrolled or clipped off.
    observer = new Observer(
      (entries) => {
        for (const entry of entries) {
          const visible =
            entry.isIntersecting && entry.intersectionRatio >= 0.99 && (entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible === true
          if (visible && visibleSince === null) visibleSince = now()
          if (!visible) visibleSince = null
        }
        schedule()
      },
      { threshold: [0, 1], trackVisibility: true, delay: OBSERVER_DELAY_MS } as IntersectionObserverInit,
    )
    observer.observe(target)
  }

  const doc = win.document
  const onPointer = (event: Event) => {
    const e = event as PointerEvent
    if (!e.isTrusted) return
    const offset = offsetOf(e)
    if (pointer === null || !samePlace(pointer.offset, offset)) pointer = { since: now(), offset }
  }
  const onLeave = (event: Event) => {
    if ((event as PointerEvent).relatedTarget === null) pointer = null
  }
  // Only the visitor's keys (Tab) move focus onto Approve: the frame's script never focuses it, and
  // a page's script cannot focus anything inside a frame of another origin.
  const onFocus = () => {
    focusedSince = now()
  }
  const onBlur = () => {
    focusedSince = null
  }
  const listeners: readonly [EventTarget, string, (event: Event) => void, boolean][] = [
    [doc, 'pointermove', onPointer, true],
    [doc, 'pointerover', onPointer, true],
    [doc, 'pointerdown', onPointer, true],
    [doc, 'pointerout', onLeave, true],
    [approve, 'focus', onFocus, false],
    [approve, 'blur', onBlur, false],
  ]
  for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener, capture)

  const longEnough = (since: number | null) => since !== null && now() - since >= ARM_DELAY_MS

  return {
    state() {
      if (!verifiable) return 'unverifiable'
      return longEnough(visibleSince) && longEnough(shownAt) ? 'armed' : 'waiting'
    },
    check(event) {
      if (!event.isTrusted || win.navigator.userActivation?.isActive === false) return 'untrusted'
      if (!verifiable) return 'unverifiable'
      if (!longEnough(visibleSince) || !longEnough(shownAt)) return 'notVisible'
      // A click from the keyboard (Enter or Space on the button) has no pointer: detail 0.
      if (event.detail === 0) return longEnough(focusedSince) ? null : 'focus'
      if (pointer === null || !longEnough(pointer.since) || !samePlace(pointer.offset, offsetOf(event))) return 'pointer'
      return null
    },
    shown() {
      shownAt = now()
      schedule()
    },
    onChange(listener) {
      changeListeners.add(listener)
    },
    dispose() {
      observer?.disconnect()
      if (timer !== undefined) win.clearTimeout(timer)
      for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener, capture)
      changeListeners.clear()
    },
  }
}
