// Where a list scroll's main-thread time goes: `traced(cdp, run)` records a Chromium trace (CDP
// Tracing) around `run()` and splits the renderer main thread's task time into script, style +
// layout, paint (pre-paint, paint, layerize, commit), images (fetching one from the memory cache,
// SVG documents, decoding), hit testing (the mouse moves the scroll makes), GC and the rest, each
// event's own time going to its nearest categorised ancestor (an image's own layout and script
// counts as images). Beside each category's wall time, its thread (CPU) time from the events' tdur:
// what the main thread itself ran, which other processes on a busy machine do not lengthen (at a
// throttled CPU Chromium stops the thread between slices, so that time is the unthrottled work).

const CATEGORIES = [
  [
    'images',
    /^(ImageResourceContent::updateImage|SVGImage::DataChanged|IsolatedSVGDocumentHost|Decode Image|ImageDecodeTask|PaintImage|ResourceFetcher::requestResource|ResponseBodyLoader)/,
  ],
  ['gc', /GC|V8\.GC|BlinkGC/],
  ['hit testing', /^(EventHandler::handleMouseMoveEvent|HitTest|LayoutView::HitTest)/],
  ['style + layout', /^(UpdateLayoutTree|Layout|Document::updateStyle|Document::recalcStyle|LocalFrameView::performLayout|Document::rebuildLayoutTree)$/],
  ['paint', /^(PrePaint|Paint|Layerize|Commit|PaintArtifactCompositor::Update|LocalFrameView::RunPaintLifecyclePhase|UpdateLayer)$/],
  [
    'script',
    /^(FunctionCall|EvaluateScript|v8\.callFunction|V8\.Execute|BlinkScheduler_PerformMicrotaskCheckpoint|FireAnimationFrame|TimerFire|EventDispatch)$/,
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

/** ms of the renderer main thread's top-level tasks by category: wall time (`dur`), or thread time (`tdur`). */
export function mainThreadCategories(events, time = 'dur') {
  const threads = new Map()
  for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name)
  const main = events.filter((e) => e.ph === 'X' && e.dur !== undefined && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain')
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
