// The scroll measures of one list: `scrollFrames` sets the scroller's scrollTop from
// requestAnimationFrame at SCROLL_PX_PER_S (frames by rAF deltas), `tracedScrollFrames` the same
// under a Chromium trace (traceScroll.mjs: the main thread's time by category), and `wheelFrames`
// a visitor's wheel gesture as far (gestureScroll.mjs: the compositor's frames).
import { SCROLL_MAX_MS, SCROLL_PX_PER_S } from './settings.mjs'
import { traced } from './traceScroll.mjs'
import { gestureScroll } from './gestureScroll.mjs'

const metrics = async (cdp) => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))

/**
 * Scroll the element `selector` of the modal from the top at SCROLL_PX_PER_S, driven by
 * requestAnimationFrame, to its end or for SCROLL_MAX_MS; each frame's delta (rAF timestamps), and
 * the main thread's time over the scroll (CDP Performance metrics).
 */
export async function scrollFrames(page, cdp, selector) {
  const before = await metrics(cdp)
  const run = await page.evaluate(
    ({ selector, speed, maxMs }) =>
      new Promise((resolve, reject) => {
        const scroller = document.querySelector('airlock-modal')?.shadowRoot?.querySelector(selector)
        if (!scroller) return reject(new Error(`no scroller ${selector}`))
        scroller.scrollTop = 0
        const deltas = []
        let start
        let last
        const tick = (now) => {
          if (start === undefined) start = now
          else deltas.push(now - last)
          last = now
          const elapsed = now - start
          // The total height grows as the virtualiser measures rows: the end is read each frame.
          const end = scroller.scrollHeight - scroller.clientHeight
          const target = Math.min(end, (elapsed * speed) / 1000)
          scroller.scrollTop = target
          if (elapsed >= maxMs || target >= end) resolve({ deltas, px: Math.round(target), end, elapsed })
          else requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }),
    { selector, speed: SCROLL_PX_PER_S, maxMs: SCROLL_MAX_MS },
  )
  const after = await metrics(cdp)
  const ms = (name) => ((after[name] - before[name]) * 1000) / run.deltas.length
  return {
    ...run,
    perFrame: {
      script: ms('ScriptDuration'),
      styleLayout: ms('RecalcStyleDuration') + ms('LayoutDuration'),
      task: ms('TaskDuration'),
      // The main thread's CPU time (CDP ThreadTime): what a busy machine's other processes do not lengthen.
      cpu: ms('ThreadTime'),
    },
  }
}

/**
 * The same list scrolled as a visitor scrolls it (gestureScroll.mjs): a wheel gesture at
 * SCROLL_PX_PER_S for as far as scrollFrames scrolls, which Chromium scrolls on the compositor;
 * frames as its compositor reported them.
 */
export const wheelFrames = (page, cdp, selector) => gestureScroll(page, cdp, selector, { px: (SCROLL_PX_PER_S * SCROLL_MAX_MS) / 1000, speed: SCROLL_PX_PER_S })

/** scrollFrames under a Chromium trace: with the main thread's time by category (traceScroll.mjs). */
export async function tracedScrollFrames(page, cdp, selector) {
  const { value, perCategory, cpuPerCategory } = await traced(cdp, () => scrollFrames(page, cdp, selector))
  return { ...value, perCategory, cpuPerCategory }
}

/**
 * wheelFrames under a trace of DevTools' Performance categories: the compositor's frames and the
 * main thread's time over the gesture by category (traceScroll.mjs: script, style, layout, paint,
 * image decode, hit test, …).
 */
export const tracedWheelFrames = (page, cdp, selector) =>
  gestureScroll(page, cdp, selector, { px: (SCROLL_PX_PER_S * SCROLL_MAX_MS) / 1000, speed: SCROLL_PX_PER_S, split: true })
