/**
 * When the page can spare the time (issue 27 §1): `whenIdle` runs work once the page is loaded and
 * idle, so what the modal's first open needs is fetched before the click, never in the page's own
 * start; `afterPaint` runs work after the next frame is on screen, so what the first open defers
 * starts behind the modal's first frame, never in front of it.
 */

/** How long an idle callback may wait for an idle period, ms: a busy page still prefetches. */
export const IDLE_TIMEOUT_MS = 2000
/** Where the browser has no requestIdleCallback (Safari): the wait after the load event, ms. */
export const IDLE_FALLBACK_MS = 300
/** A hidden page paints no frame: `afterPaint` runs after this long without one, ms. */
export const PAINT_FALLBACK_MS = 1000

/**
 * Whether `win` is a window that loads and paints (a browser's): a document, timers and animation
 * frames. A test's window of a few parts is not; neither is a server's absent one.
 */
export const paints = (win: Window | undefined): win is Window =>
  typeof win?.document === 'object' && typeof win.setTimeout === 'function' && typeof win.requestAnimationFrame === 'function'

/**
 * Run `run` once, after the page's load event, in its first idle period (or after
 * IDLE_TIMEOUT_MS, or IDLE_FALLBACK_MS where there are no idle callbacks). Returns the cancel.
 *
 * ```ts
 * const cancel = whenIdle(window, () => void import('./modal'))
 * ```
 */
export function whenIdle(win: Window, run: () => void): () => void {
  let cancel = (): void => undefined
  const idle = (): void => {
    if (typeof win.requestIdleCallback === 'function') {
      const id = win.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
      cancel = () => win.cancelIdleCallback(id)
    } else {
      const id = win.setTimeout(run, IDLE_FALLBACK_MS)
      cancel = () => win.clearTimeout(id)
    }
  }
  if (win.document.readyState === 'complete') idle()
  else {
    win.addEventListener('load', idle, { once: true })
    cancel = () => win.removeEventListener('load', idle)
  }
  return () => cancel()
}

/**
 * Run `run` once, just after the next frame has been painted (an animation frame, then a task), or
 * after PAINT_FALLBACK_MS when no frame comes (a hidden page). Returns the cancel.
 *
 * ```ts
 * afterPaint(window, () => loadDeferredPlugins())
 * ```
 */
export function afterPaint(win: Window, run: () => void): () => void {
  const timers: number[] = []
  const stop = (): void => {
    timers.forEach((id) => win.clearTimeout(id))
    win.cancelAnimationFrame(frame)
  }
  const once = (): void => {
    stop()
    run()
  }
  timers.push(win.setTimeout(once, PAINT_FALLBACK_MS))
  const frame = win.requestAnimationFrame(() => timers.push(win.setTimeout(once, 0)))
  return stop
}
