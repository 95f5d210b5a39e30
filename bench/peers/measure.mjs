// One page load in Chromium, measured: what bench/peers/run.mjs calls per page and round.
// The page is opened in a fresh profile with every non-loopback request aborted; an init script
// records long tasks and the first frame in which the connect button is visible; then the button is
// clicked and the first frame showing the wallet list (an entry not visible before) is timed; then
// the JS heap is read before and after a forced garbage collection.
import { openBenchPage, scriptLog } from '../shared.mjs'

/**
 * Runs in the page before its own scripts. Helpers shared with the evaluate calls below live on
 * `window.__bench`: a search through open shadow roots, and visibility.
 */
function instrument() {
  const longTasks = []
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
  } catch {
    // No long-task timing in this browser: the measure stays empty.
  }
  const all = (root, out = []) => {
    for (const el of root.querySelectorAll('*')) {
      out.push(el)
      if (el.shadowRoot) all(el.shadowRoot, out)
    }
    return out
  }
  const visible = (el) => {
    const rect = el.getBoundingClientRect()
    if (rect.width === 0 || rect.height === 0) return false
    const style = getComputedStyle(el)
    return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0
  }
  const ownText = (el) =>
    [...el.childNodes]
      .filter((n) => n.nodeType === 3)
      .map((n) => n.textContent)
      .join('')
      .trim()
  const CONNECT = /^connect( a)? wallet$/i
  const findButton = () =>
    all(document).find(
      (el) => (el.tagName === 'BUTTON' || el.getAttribute?.('role') === 'button') && CONNECT.test((el.textContent ?? '').trim()) && visible(el),
    )
  const bench = { longTasks, all, visible, ownText, findButton, buttonFrame: undefined }
  window.__bench = bench
  const poll = () => {
    if (bench.buttonFrame !== undefined) return
    if (document.body && findButton()) requestAnimationFrame(() => (bench.buttonFrame = performance.now()))
    else requestAnimationFrame(poll)
  }
  requestAnimationFrame(poll)
}

/** Resolves once the page has been idle twice in a row (see measurePage), or after 60 s. */
async function quiet(page, network) {
  const started = Date.now()
  let calm = 0
  while (calm < 2 && Date.now() - started < 60_000) {
    const quietFor = Date.now() - network.lastAt
    if (network.inFlight > 0 || quietFor < 500) {
      calm = 0
      await new Promise((r) => setTimeout(r, Math.max(50, 500 - quietFor)))
      continue
    }
    const before = network.lastAt
    const forced = await page.evaluate(() => new Promise((resolve) => requestIdleCallback((deadline) => resolve(deadline.didTimeout), { timeout: 5000 })))
    calm = !forced && network.lastAt === before && network.inFlight === 0 ? calm + 1 : 0
  }
}

/** What a trace records: the main thread's tasks, scripts, style, layout, paint, and the requests. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
  'disabled-by-default-v8.compile',
]

/** The wallet names and entries every page's list shows one of, as an element's own text. */
const LIST_TEXT = '^(WalletConnect|MetaMask|Rainbow|Coinbase Wallet|All [Ww]allets)$'

/**
 * `cold`: click as soon as the connect button's first frame is on screen, with no idle time before
 * it (nothing prefetched at idle has had its chance); otherwise once the page is idle (`quiet`).
 * `hoverMs`: the pointer comes over the button that long before the click (pointerover, then
 * pointerenter, mouseover, mouseenter, pointermove and mousemove at the button's centre, as a real
 * pointer's arrival fires them), as every pointer's click has it: a mouse rests on a button before
 * pressing it, and a touch's pointerover comes at the touch's start, its click at its end. The time
 * is counted from the click, as for the others.
 */
export async function measurePage(url, { throttle = 1, cold = false, hoverMs = 0, trace = false } = {}) {
  const { context, page, cdp } = await openBenchPage({ throttle })
  try {
    // `trace`: a Chromium performance trace of the whole load (bench/peers/trace.mjs reads where the
    // click's time goes), the click and the list's frame marked in it by console.timeStamp.
    const traceEvents = []
    if (trace) {
      cdp.on('Tracing.dataCollected', ({ value }) => traceEvents.push(...value))
      await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: TRACE_CATEGORIES } })
      // And a sampled CPU profile, which names the script file each sample runs in (a trace's module
      // evaluations carry no file).
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 250 })
      await cdp.send('Profiler.start')
    }
    await page.addInitScript(instrument)
    const scripts = scriptLog(page)
    const errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    // Cold: the page is not waited for; the click comes in the page, in the frame after the button's.
    const requested = []
    page.on('request', (request) => request.resourceType() === 'script' && requested.push({ url: request.url(), at: Date.now() }))
    const network = { inFlight: 0, lastAt: Date.now() }
    page.on('request', () => {
      network.inFlight++
      network.lastAt = Date.now()
    })
    const settled = () => {
      network.inFlight--
      network.lastAt = Date.now()
    }
    page.on('requestfinished', settled)
    page.on('requestfailed', settled)
    if (cold) await page.goto(url, { waitUntil: 'commit' })
    else {
      await page.goto(url, { waitUntil: 'load' })
      // Waited for in the page, not by page.waitForFunction: that loads Playwright's injected script
      // (0.8 MiB of heap) into the page, which the heap figures below would count as the page's.
      await page.evaluate(
        () =>
          new Promise((resolve, reject) => {
            const started = Date.now()
            const check = () =>
              window.__bench.buttonFrame !== undefined
                ? resolve()
                : Date.now() - started > 60_000
                  ? reject(new Error('no connect button within 60 s'))
                  : requestAnimationFrame(check)
            check()
          }),
      )
      await page.waitForLoadState('networkidle')
      // Playwright's networkidle is the network's alone, and once: a page that prefetches in an idle
      // callback (Airlock's modal, issue 27 §1) may not have started by then, or be compiling what it
      // fetched, on a loaded machine. The page is idle when, twice in a row, nothing was requested or
      // in flight for 500 ms and then an idle callback ran without being forced by its time-out.
      await quiet(page, network)
    }
    // The main thread's CPU time (Chromium's ThreadTime) from just before the idle click to the list's
    // frame: on a machine other work keeps busy, the wall time above is mostly waiting for a core;
    // this is the work the page did. (The cold click's would count the page's own loading.)
    await cdp.send('Performance.enable')
    const threadTime = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN
    const cpuBefore = cold ? NaN : await threadTime()
    const { clickAt, clickWall, clickToList } = await page.evaluate(
      ({ pattern, cold, hoverMs, trace }) =>
        new Promise((resolve, reject) => {
          const text = new RegExp(pattern)
          const started = Date.now()
          let hovered = false
          const click = () => {
            const bench = window.__bench
            const button = bench?.buttonFrame === undefined ? undefined : bench.findButton()
            if (!button) {
              if (cold && Date.now() - started < 60_000) return requestAnimationFrame(click)
              return reject(new Error('no connect button'))
            }
            if (hoverMs > 0 && !hovered) {
              hovered = true
              const rect = button.getBoundingClientRect()
              const at = { clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 2, bubbles: true, composed: true }
              const pointer = { ...at, pointerId: 1, pointerType: 'mouse', isPrimary: true }
              button.dispatchEvent(new PointerEvent('pointerover', { ...pointer, cancelable: true }))
              button.dispatchEvent(new PointerEvent('pointerenter', { ...pointer, bubbles: false }))
              button.dispatchEvent(new MouseEvent('mouseover', { ...at, cancelable: true }))
              button.dispatchEvent(new MouseEvent('mouseenter', { ...at, bubbles: false }))
              button.dispatchEvent(new PointerEvent('pointermove', { ...pointer, cancelable: true }))
              button.dispatchEvent(new MouseEvent('mousemove', { ...at, cancelable: true }))
              return setTimeout(click, hoverMs)
            }
            // Visible before the click: a modal mounted closed at idle may hold its list already, hidden.
            const seen = new Set(bench.all(document).filter((el) => text.test(bench.ownText(el)) && bench.visible(el)))
            const t0 = performance.now()
            const wall = Date.now()
            if (trace) console.timeStamp('bench:click')
            button.click()
            const check = () => {
              const shown = bench.all(document).some((el) => !seen.has(el) && text.test(bench.ownText(el)) && bench.visible(el))
              if (shown)
                requestAnimationFrame(() => {
                  if (trace) console.timeStamp('bench:shown')
                  resolve({ clickAt: t0, clickWall: wall, clickToList: performance.now() - t0 })
                })
              else if (Date.now() - wall > 30_000) reject(new Error('the wallet list did not show within 30 s'))
              else requestAnimationFrame(check)
            }
            check()
          }
          click()
        }),
      { pattern: LIST_TEXT, cold, hoverMs, trace },
    )
    let profile
    const clickCpu = ((await threadTime()) - cpuBefore) * 1000
    if (trace) {
      profile = (await cdp.send('Profiler.stop')).profile
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
      await cdp.send('Tracing.end')
      await complete
    }
    const { navToButton, buttonWall } = await page.evaluate(() => ({
      navToButton: window.__bench.buttonFrame,
      buttonWall: performance.timeOrigin + window.__bench.buttonFrame,
    }))
    const before = [...new Set(requested.filter((r) => r.at <= clickWall).map((r) => r.url))]
    // Before the button's first frame: the page's critical path; the rest before the click came at idle.
    const beforeButton = [...new Set(requested.filter((r) => r.at <= buttonWall).map((r) => r.url))]
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    const after = scripts().filter((u) => !before.includes(u))
    const heap = (await cdp.send('Runtime.getHeapUsage')).usedSize
    await cdp.send('HeapProfiler.collectGarbage')
    const heapAfterGc = (await cdp.send('Runtime.getHeapUsage')).usedSize
    const tasks = await page.evaluate(() => window.__bench.longTasks)
    const sum = (list) => list.reduce((a, t) => a + t.duration, 0)
    const atLoad = tasks.filter((t) => t.start < clickAt)
    const atOpen = tasks.filter((t) => t.start >= clickAt)
    return {
      navToButton,
      clickToList,
      clickCpu,
      heap,
      heapAfterGc,
      longTasksLoad: { count: atLoad.length, ms: sum(atLoad) },
      longTasksOpen: { count: atOpen.length, ms: sum(atOpen), tasks: atOpen.map((t) => ({ start: t.start - clickAt, duration: t.duration })) },
      before,
      beforeButton,
      after,
      errors,
      ...(trace ? { traceEvents, profile } : {}),
    }
  } finally {
    await context.close()
  }
}
