// A list scrolled the way a visitor scrolls it: CDP `Input.synthesizeScrollGesture` (mouse-wheel
// input at a set speed, as a wheel or trackpad sends it) over the scroller, which Chromium scrolls
// on the compositor thread; the main thread only renders the rows the virtualiser adds. Frames are
// counted by the compositor itself: each `PipelineReporter` trace event is one frame the
// compositor began (one vsync), its `chrome_frame_reporter.state` says whether the frame was
// presented (STATE_PRESENTED_ALL, or STATE_PRESENTED_PARTIAL: the compositor's part shown without
// the main thread's update), dropped (STATE_DROPPED) or had nothing to show
// (STATE_NO_UPDATE_DESIRED). These are the frames DevTools' Performance panel draws and marks
// dropped; a requestAnimationFrame clock in the page only sees the main thread, which a compositor
// scroll does not wait for. GESTURE_CATEGORIES=a,b adds trace categories (e.g. traceScroll.mjs's,
// to split the main thread's time during the gesture), GESTURE_DEBUG=<file> writes the trace's events there
// (GESTURE_DEBUG=<dir>/: a file per gesture in that directory); GESTURE_PROFILE=<dir>/ writes a CPU
// profile of the page's main thread over each gesture there (.cpuprofile, sampled every 200 µs).

/** Trace categories of the compositor's frame reporting (only these: a light trace). */
export const FRAME_CATEGORIES = ['cc', 'benchmark', 'disabled-by-default-devtools.timeline.frame']
/** Added with `split`: DevTools' Performance panel's (the main thread's tasks and what they did), for traceScroll.mjs's split. */
export const SPLIT_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel']

import { mainThreadCategories } from './traceScroll.mjs'

const metrics = async (cdp) => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))

/**
 * The PipelineReporter frames of the renderer's compositor between `from` and `to` (trace µs):
 * counts by state. `events` is a JSON trace's events; the renderer is the process with a
 * CrRendererMain thread that reported the most frames.
 */
export function compositorFrames(events, from = -Infinity, to = Infinity) {
  const renderers = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => e.pid))
  const begins = events.filter(
    (e) => e.name === 'PipelineReporter' && (e.ph === 'b' || e.ph === 'X' || e.ph === 'B') && renderers.has(e.pid) && e.ts >= from && e.ts <= to,
  )
  const byPid = new Map()
  for (const e of begins) byPid.set(e.pid, (byPid.get(e.pid) ?? []).concat(e))
  const frames = [...byPid.values()].sort((a, b) => b.length - a.length)[0] ?? []
  const counts = { frames: 0, presented: 0, partial: 0, dropped: 0, noUpdate: 0, unknown: 0 }
  // A frame (one vsync, `frame_sequence`) may have two reporters (one still waiting for the main
  // thread's update, one for the compositor's own): what the visitor saw at that vsync is the best
  // of them — a frame presented with everything, presented without the main thread's part, none
  // (dropped), or nothing wanted.
  const rank = { STATE_PRESENTED_ALL: 3, STATE_PRESENTED_PARTIAL: 2, STATE_DROPPED: 1, STATE_NO_UPDATE_DESIRED: 0 }
  const seen = new Map()
  for (const e of frames) {
    const report = e.args?.frame_reporter ?? e.args?.chrome_frame_reporter ?? {}
    const key = `${report.frame_source ?? ''}:${report.frame_sequence ?? e.ts}`
    const state = report.state ?? 'unknown'
    if (!seen.has(key) || (rank[state] ?? -1) > (rank[seen.get(key)] ?? -1)) seen.set(key, state)
  }
  for (const state of seen.values()) {
    counts.frames++
    if (state === 'STATE_PRESENTED_ALL') counts.presented++
    else if (state === 'STATE_PRESENTED_PARTIAL') counts.partial++
    else if (state === 'STATE_DROPPED') counts.dropped++
    else if (state === 'STATE_NO_UPDATE_DESIRED') counts.noUpdate++
    else counts.unknown++
  }
  // Chromium's own smoothness tracker for the wheel scroll (FrameSequenceTrackerV3, WheelScroll): frames expected and dropped.
  // It reports once for the scroll per kind of frame it tracks; the one that expected the most frames is taken.
  const tracker = events
    .filter((e) => e.name === 'FrameSequenceTrackerV3' && e.ph === 'b' && e.args?.name === 'WheelScroll' && e.pid === frames[0]?.pid)
    .map((e) => e.args.args?.data ?? e.args.data ?? {})
    .sort((a, b) => (b.expected ?? 0) - (a.expected ?? 0))[0]
  counts.trackerExpected = tracker?.expected ?? 0
  counts.trackerDropped = tracker?.dropped_v4 ?? 0
  return counts
}

/**
 * Scroll the modal's element `selector` from its top by `px` (at most to its end) at `speed` px/s
 * with a synthetic wheel gesture over its centre, under a light trace of the compositor's frames.
 * Resolves to the frames by state (compositorFrames: those that wanted an update, `frames -
 * noUpdate`, are the scroll's), the px scrolled, the gesture's time, and the main thread's work
 * over it (CDP Performance metrics: all tasks and the thread's CPU time, ms per frame).
 */
export async function gestureScroll(page, cdp, selector, { px = 12_000, speed = 1200, split = false } = {}) {
  const box = await page.evaluate((selector) => {
    const scroller = document.querySelector('airlock-modal')?.shadowRoot?.querySelector(selector)
    if (!scroller) throw new Error(`no scroller ${selector}`)
    scroller.scrollTop = 0
    const rect = scroller.getBoundingClientRect()
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2, end: scroller.scrollHeight - scroller.clientHeight }
  }, selector)
  const distance = Math.min(px, box.end)
  // Let the scroll to the top settle (a frame or two) before the gesture.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  const events = []
  const collect = (e) => events.push(...e.value)
  cdp.on('Tracing.dataCollected', collect)
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [...FRAME_CATEGORIES, ...(split ? SPLIT_CATEGORIES : []), ...(process.env.GESTURE_CATEGORIES ?? '').split(',').filter(Boolean)],
    },
  })
  let before, after, started, ended
  try {
    // The gesture's own markers in the trace's clock: the frames between them are the scroll's.
    if (process.env.GESTURE_PROFILE) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    before = await metrics(cdp)
    started = Date.now()
    await cdp.send('Input.synthesizeScrollGesture', {
      x: Math.round(box.x),
      y: Math.round(box.y),
      yDistance: -Math.round(distance),
      speed,
      gestureSourceType: 'mouse',
      preventFling: true,
    })
    ended = Date.now()
    after = await metrics(cdp)
    if (process.env.GESTURE_PROFILE) {
      const { profile } = await cdp.send('Profiler.stop')
      const file = `${process.env.GESTURE_PROFILE}${Date.now()}-${selector.replace(/[^a-z-]+/gi, '_')}.cpuprofile`
      ;(await import('node:fs')).writeFileSync(file, JSON.stringify(profile))
    }
  } finally {
    await cdp.send('Tracing.end')
    await complete
    cdp.off('Tracing.dataCollected', collect)
  }
  if (process.env.GESTURE_DEBUG) {
    // A path ending in '/' is a directory: one file per gesture, named for its time and scroller.
    const dir = process.env.GESTURE_DEBUG.endsWith('/')
    const file = dir ? `${process.env.GESTURE_DEBUG}${Date.now()}-${selector.replace(/[^a-z-]+/gi, '_')}.json` : process.env.GESTURE_DEBUG
    ;(await import('node:fs')).writeFileSync(file, JSON.stringify(events))
  }
  const scrolled = await page.evaluate((selector) => document.querySelector('airlock-modal').shadowRoot.querySelector(selector).scrollTop, selector)
  // The scroll's frames: from the first input the renderer handled to the last (trace clock).
  const inputs = events.filter((e) => e.name === 'InputHandler::ScrollUpdate')
  const from = inputs.length > 0 ? Math.min(...inputs.map((e) => e.ts)) : -Infinity
  const to = inputs.length > 0 ? Math.max(...inputs.map((e) => e.ts + (e.dur ?? 0))) : Infinity
  const counts = compositorFrames(events, from, to)
  // Whether the compositor found the scroller under the pointer itself, or asked the main thread
  // (the scroll then starts only when the main thread answers, and Chromium counts the scroll's
  // frames as the main thread's: scroll_state SCROLL_MAIN_THREAD).
  const mainThreadHitTest = events.some((e) => e.name === 'Request Main Thread Hit Test')
  const scrollStates = {}
  for (const e of events)
    if (e.name === 'PipelineReporter' && e.ph === 'b' && e.ts >= from && e.ts <= to) {
      const state = (e.args?.frame_reporter ?? e.args?.chrome_frame_reporter)?.scroll_state ?? 'unknown'
      scrollStates[state] = (scrollStates[state] ?? 0) + 1
    }
  const updating = counts.frames - counts.noUpdate
  // How long the gesture's start waited for the main thread's hit test: its request → the first scroll update (ms).
  const request = events.find((e) => e.name === 'Request Main Thread Hit Test')
  const hitTestWait = request && inputs.length > 0 ? (from - request.ts) / 1000 : 0
  // With `split`: the main thread's time over the scroll by category (traceScroll.mjs), wall and CPU, ms.
  // From the hit test's request (the gesture's first main-thread work) to the last scroll update.
  const start = Math.min(from, request?.ts ?? from)
  const split_ = split ? { perCategory: mainThreadCategories(events, 'dur', start, to), cpuPerCategory: mainThreadCategories(events, 'tdur', start, to) } : {}
  const ms = (name) => ((after[name] - before[name]) * 1000) / Math.max(1, updating)
  return {
    ...counts,
    updating,
    px: Math.round(scrolled),
    elapsed: ended - started,
    scrollUpdates: inputs.length,
    mainThreadHitTest,
    hitTestWait,
    scrollStates,
    ...split_,
    perFrame: { task: ms('TaskDuration'), script: ms('ScriptDuration'), styleLayout: ms('RecalcStyleDuration') + ms('LayoutDuration'), cpu: ms('ThreadTime') },
  }
}
