// Where a list scroll's main-thread time goes: `traced(cdp, run)` records a Chromium trace (CDP
// Tracing) around `run()` and splits the renderer main thread's task time into image decode (on
// the main thread), images (fetching one from the memory cache, SVG documents), GC, hit test (the
// mouse moves the scroll makes, the hit test of a gesture's start), style, layout, paint (pre-paint,
// paint, layerize, commit), script and the rest, each event's own time going to its nearest
// categorised ancestor (an image's own layout and script counts as images). Begin/end pairs
// (devtools.timeline's Layout is one) count as the complete events they bound. Beside each category's wall time, its thread (CPU) time from the events' tdur:
// what the main thread itself ran, which other processes on a busy machine do not lengthen (at a
// throttled CPU Chromium stops the thread between slices, so that time is the unthrottled work).

const CATEGORIES = [
  // Decoding an image's pixels on the main thread (an async decode runs on the raster workers, not here).
  ['image decode', /^(Decode Image|ImageDecodeTask|Decode LazyPixelRef|Draw LazyPixelRef|ImageFrameGenerator::decode)/],
  [
    'images',
    /^(ImageResourceContent::updateImage|SVGImage::DataChanged|IsolatedSVGDocumentHost|PaintImage|ResourceFetcher::requestResource|ResponseBodyLoader)/,
  ],
  ['gc', /GC|V8\.GC|BlinkGC/],
  ['hit test', /^(EventHandler::handleMouseMoveEvent|HitTest|LayoutView::HitTest)/],
  ['style', /^(UpdateLayoutTree|Document::updateStyle|Document::recalcStyle|Document::rebuildLayoutTree|ParseAuthorStyleSheet|ScheduleStyleRecalculation)$/],
  ['layout', /^(Layout|LocalFrameView::performLayout|UpdateLayerTree|InvalidateLayout)$/],
  ['paint', /^(PrePaint|Paint|Layerize|Commit|PaintArtifactCompositor::Update|LocalFrameView::RunPaintLifecyclePhase|UpdateLayer|CompositeLayers)$/],
  [
    'script',
    /^(FunctionCall|EvaluateScript|v8\.callFunction|V8\.Execute|BlinkScheduler_PerformMicrotaskCheckpoint|RunMicrotasks|FireAnimationFrame|TimerFire|EventDispatch)$/,
  ],
]
/** Precedence: an event inside an image's work is the image's, whatever else it is. */
const STICKY = new Set(['images'])
export const TRACE_CATEGORIES = [...CATEGORIES.map(([name]) => name), 'other']

const categoryOf = (name) => CATEGORIES.find(([, pattern]) => pattern.test(name))?.[0]

/**
 * Run `run` while tracing; resolves to `{ value, perCategory, cpuPerCategory }` (ms of main-thread
 * task time per category, summed: wall time, and thread time).
 */
export async function traced(cdp, run) {
  const events = []
  const collect = (e) => events.push(...e.value)
  cdp.on('Tracing.dataCollected', collect)
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8', 'toplevel', 'loading'] },
  })
  let value
  try {
    value = await run()
  } finally {
    await cdp.send('Tracing.end')
    await complete
    cdp.off('Tracing.dataCollected', collect)
  }
  return { value, perCategory: mainThreadCategories(events), cpuPerCategory: mainThreadCategories(events, 'tdur') }
}

/** The trace's complete events (ph X), with each begin/end pair (ph B, E) of a thread as one. */
export function completeEvents(events) {
  const out = []
  const open = new Map()
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X') out.push(e)
    else if (e.ph === 'B') {
      const key = `${e.pid}:${e.tid}`
      open.set(key, (open.get(key) ?? []).concat(e))
    } else if (e.ph === 'E') {
      const begin = open.get(`${e.pid}:${e.tid}`)?.pop()
      if (begin) out.push({ ...begin, ph: 'X', dur: e.ts - begin.ts, tdur: e.tts !== undefined && begin.tts !== undefined ? e.tts - begin.tts : undefined })
    }
  }
  return out
}

/**
 * ms of the renderer main thread's top-level tasks by category: wall time (`dur`), or thread time
 * (`tdur`); only events that start between `from` and `to` (trace µs) when given.
 */
export function mainThreadCategories(events, time = 'dur', from = -Infinity, to = Infinity) {
  const threads = new Map()
  for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name)
  const main = completeEvents(events).filter(
    (e) => e.ph === 'X' && e.dur !== undefined && e.ts >= from && e.ts <= to && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain',
  )
  // One renderer: the page's (the one with the most main-thread time).
  const byPid = new Map()
  for (const e of main) byPid.set(e.pid, (byPid.get(e.pid) ?? 0) + e.dur)
  const pid = [...byPid].sort((a, b) => b[1] - a[1])[0]?.[0]
  const list = main.filter((e) => e.pid === pid).sort((a, b) => a.ts - b.ts || b.dur - a.dur)
  const totals = Object.fromEntries(TRACE_CATEGORIES.map((c) => [c, 0]))
  const stack = []
  const open = []
  for (const e of list) {
    while (stack.length > 0 && stack.at(-1).event.ts + stack.at(-1).event.dur <= e.ts) stack.pop()
    const parent = stack.at(-1)
    const own = categoryOf(e.name)
    const category = parent && (STICKY.has(parent.category) || !own) ? (parent.category ?? own) : own
    // A child's time is not its parent's own time.
    if (parent) parent.own -= time === 'dur' ? Math.min(e.dur, parent.event.ts + parent.event.dur - e.ts) : (e.tdur ?? 0)
    const entry = { event: e, category, own: time === 'dur' ? e.dur : (e.tdur ?? 0) }
    stack.push(entry)
    open.push(entry)
  }
  for (const { category, own } of open) totals[category ?? 'other'] += Math.max(0, own) / 1000
  return totals
}
