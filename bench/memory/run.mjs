// `npm run bench:memory`: the JS heap of the demo page (every feature on, `?app=none`) in Debian
// Chromium started with `--js-flags=--expose-gc`, a fresh profile per round, every non-loopback
// request aborted, against the demo stack (services/demoStack.mjs).
// - The heap after the page loaded, after the modal's first open (as it is, then after a GC).
// - After OPEN_CYCLES open/close cycles (airlock.open(), the dialog's first frame, airlock.close(),
//   the dialog gone) and after CONNECT_CYCLES connect/disconnect cycles (open, a click on the
//   Demo Wallet in Connect, connected and closed, airlock.disconnect()): the heap after a GC and
//   its growth over the first open's, with the DOM's counters (nodes, documents, JS event
//   listeners) and the listeners on window, so a leak shows as a count that does not come back.
// The secure frame (the embedded wallet's, loaded at the first open) runs in a process of its own,
// as in production, where it is another site than the page: here both are 127.0.0.1 on two ports,
// one site, so Chromium would give them one renderer and one heap; StrictOriginIsolation (each
// origin its own process) separates them as the two sites would be. The frame's heap is measured on
// its own. ISOLATE_FRAME=0 measures the old way (the frame's heap counted in the page's).
// Writes bench/RESULTS.md's memory section.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_FLAGS, ensureChromium } from '../../scripts/ensure-chromium.mjs'
import { median, writeResultsSection } from '../shared.mjs'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'

const ROUNDS = Number(process.env.ROUNDS ?? 3)
const ISOLATE_FRAME = process.env.ISOLATE_FRAME !== '0'
const OPEN_CYCLES = Number(process.env.OPEN_CYCLES ?? 500)
const CONNECT_CYCLES = Number(process.env.CONNECT_CYCLES ?? 100)
/** The targets of issue 27 §1. */
const OPENED_HEAP_MIB = 4
const GROWTH_MIB = 1
const MiB = 1024 * 1024
const root = fileURLToPath(new URL('../../', import.meta.url))
process.chdir(root)
ensureChromium()
/** A built demo page to serve instead of demo/ (a copy of another tree's, for a before/after run). */
const demoRoot = process.env.BENCH_DEMO_ROOT
if (!demoRoot && !process.env.BENCH_MEMORY_LOG) await ensureBuilt()

async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'airlock-bench-memory-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      '--js-flags=--expose-gc',
      // Playwright's own features kept: the last --enable-features is the one Chromium reads.
      ...(ISOLATE_FRAME ? ['--enable-features=StrictOriginIsolation,CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies'] : []),
    ],
  })
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  return {
    context,
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/**
 * Waits, in the page, for `predicate` (a function of no arguments, run each frame) to hold. Not
 * Playwright's locators or waitForFunction: those load its injected script into the page, 0.8 MiB
 * of heap every figure below would count as the page's.
 */
const until = (page, predicate, timeoutMs = 60_000) =>
  // An expression (CDP's evaluate, which the page's CSP does not govern), the predicate's source in it.
  page.evaluate(`new Promise((resolve, reject) => {
    const holds = ${predicate.toString()}
    const started = Date.now()
    const check = () => (holds() ? resolve() : Date.now() - started > ${timeoutMs} ? reject(new Error('not within ${timeoutMs} ms')) : requestAnimationFrame(check))
    check()
  })`)

/** The demo page's own list of the instance's events (bounded at 200 entries) emptied, so the figures are the modal's. */
const clearDemoEvents = (page) => page.evaluate(() => document.getElementById('clear-events')?.click())

/** Major GCs until the heap stops shrinking (window.gc, from --expose-gc), then the heap's used bytes. */
async function heapAfterGc(page, cdp) {
  await clearDemoEvents(page)
  let used = Infinity
  for (let i = 0; i < 6; i++) {
    await page.evaluate(() => window.gc())
    const now = (await cdp.send('Runtime.getHeapUsage')).usedSize
    if (now >= used - 1024) return Math.min(used, now)
    used = now
  }
  return used
}

/**
 * The secure frame's heap (its own process's, as it is), when it runs out of the page's process;
 * undefined when there is no frame or it shares the page's heap.
 */
async function frameHeapUsage(context, page) {
  const frame = page.frames().find((f) => f !== page.mainFrame() && f.url().startsWith('http'))
  if (!frame) return undefined
  const session = await context.newCDPSession(frame).catch(() => undefined)
  if (!session) return undefined
  try {
    return (await session.send('Runtime.getHeapUsage')).usedSize
  } finally {
    await session.detach().catch(() => undefined)
  }
}

/** The DOM's counters (documents, nodes, JS event listeners) and the listeners on window, by type. */
async function counters(page, cdp) {
  await page.evaluate(() => window.gc())
  const dom = await cdp.send('Memory.getDOMCounters')
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' })
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId })
  await cdp.send('Runtime.releaseObject', { objectId: result.objectId })
  return { nodes: dom.nodes, documents: dom.documents, listeners: dom.jsEventListeners, windowListeners: listeners.length }
}

/** `n` open/close cycles in the page: open, the dialog's first frame, close, the dialog gone (or hidden). */
const openCloseCycles = (page, n) =>
  page.evaluate(async (n) => {
    // Shown: a modal mounted closed at idle keeps its dialog in the DOM, hidden (visibility).
    const shown = () =>
      document.querySelector('airlock-modal')?.shadowRoot?.querySelector('[role="dialog"]')?.checkVisibility({ visibilityProperty: true }) === true
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()))
    const until = async (ok) => {
      const started = Date.now()
      while (!ok()) {
        if (Date.now() - started > 60_000) throw new Error('the modal did not open or close within 60 s')
        await frame()
      }
    }
    for (let i = 0; i < n; i++) {
      await window.airlock.open()
      await until(shown)
      await frame()
      window.airlock.close()
      await until(() => !window.airlock.getState().router.open && !shown())
    }
  }, n)

/** `n` connect/disconnect cycles through the modal: open, click the Demo Wallet, connected and closed; disconnect. */
const connectCycles = (page, n) =>
  page.evaluate(async (n) => {
    const root = () => document.querySelector('airlock-modal')?.shadowRoot
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()))
    // A time limit, not a count of frames: on a loaded machine a connect's round trips through the
    // demo stack's services can take many seconds of frames.
    const until = async (ok, what) => {
      const started = Date.now()
      while (!ok()) {
        if (Date.now() - started > 120_000) throw new Error(`${what}: not within 120 s`)
        await frame()
      }
    }
    const shown = () => root()?.querySelector('[role="dialog"]')?.checkVisibility({ visibilityProperty: true }) === true
    const wallet = () =>
      shown() ? [...(root()?.querySelectorAll('[role="dialog"] button') ?? [])].find((b) => b.textContent?.includes('Demo Wallet')) : undefined
    const connected = () => window.airlock.getState().connection.connectedNamespaces.length > 0
    for (let i = 0; i < n; i++) {
      await window.airlock.open()
      await until(() => wallet() !== undefined, 'the Demo Wallet in Connect')
      wallet().click()
      await until(() => connected() && !window.airlock.getState().router.open && !shown(), 'connected and closed')
      await window.airlock.disconnect()
      await until(() => !connected(), 'disconnected')
    }
  }, n)

/** A log of an earlier run (its "round i/n {…}" lines): the section written again from it, nothing measured. */
const replay = process.env.BENCH_MEMORY_LOG
const rounds = replay
  ? readFileSync(replay, 'utf8')
      .split('\n')
      .filter((line) => /^round \d+\/\d+ \{/.test(line))
      .map((line) => JSON.parse(line.slice(line.indexOf('{'))))
  : []
const stack = replay ? undefined : await startDemoStack(demoRoot ? { root: demoRoot } : {})
if (stack)
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const { context, close } = await launch()
      try {
        const page = context.pages()[0] ?? (await context.newPage())
        const cdp = await context.newCDPSession(page)
        await page.goto(`${stack.url}?app=none`, { waitUntil: 'networkidle' })
        await until(page, () => document.body.textContent.includes('Airlock is running'))
        // The instance's events, counted: what its kernel's log (bounded by the logLimit option) retains grows with them.
        await page.evaluate(() => {
          window.__events = 0
          window.airlock._internal.events$.subscribe(() => window.__events++)
        })
        const events = () => page.evaluate(() => window.__events)
        await page.evaluate(() => window.airlock.ready())
        const loaded = await heapAfterGc(page, cdp)
        // The first open: the dialog's first frame, then what it loads (plugins, the catalog) settled.
        await page.evaluate(async () => {
          await window.airlock.open()
          await window.airlock.ready()
        })
        await until(page, () =>
          [...(document.querySelector('airlock-modal')?.shadowRoot?.querySelectorAll('[role="dialog"] button') ?? [])].some(
            (b) => b.textContent.includes('Demo Wallet') && b.checkVisibility({ visibilityProperty: true }),
          ),
        )
        // On a loaded machine a poll can keep the network from idling: then on after 60 s.
        await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => console.log('the network did not idle within 60 s'))
        await page.waitForTimeout(500)
        const opened = (await cdp.send('Runtime.getHeapUsage')).usedSize
        const frameHeap = await frameHeapUsage(context, page)
        const openedGc = await heapAfterGc(page, cdp)
        await page.evaluate(() => window.airlock.close())
        await until(
          page,
          () => document.querySelector('airlock-modal')?.shadowRoot?.querySelector('[role="dialog"]')?.checkVisibility({ visibilityProperty: true }) !== true,
        )
        // A few cycles first, so the first close's one-time work (lazy chunks, caches filled once) is in the base.
        await openCloseCycles(page, 5)
        const base = await heapAfterGc(page, cdp)
        const baseCounters = await counters(page, cdp)
        let started = Date.now()
        const eventsBefore = await events()
        await openCloseCycles(page, OPEN_CYCLES)
        const openEvents = (await events()) - eventsBefore
        const openMs = Date.now() - started
        const afterOpens = await heapAfterGc(page, cdp)
        const openCounters = await counters(page, cdp)
        // One connect/disconnect first, for the same reason.
        await connectCycles(page, 1)
        const connectBase = await heapAfterGc(page, cdp)
        const connectBaseCounters = await counters(page, cdp)
        started = Date.now()
        const eventsBeforeConnects = await events()
        await connectCycles(page, CONNECT_CYCLES)
        const connectEvents = (await events()) - eventsBeforeConnects
        const connectMs = Date.now() - started
        const afterConnects = await heapAfterGc(page, cdp)
        const connectCounters = await counters(page, cdp)
        const result = {
          loaded,
          opened,
          ...(frameHeap !== undefined && { frameHeap }),
          openedGc,
          base,
          afterOpens,
          connectBase,
          afterConnects,
          openMs,
          connectMs,
          openEvents,
          connectEvents,
          counters: { base: baseCounters, opens: openCounters, connectBase: connectBaseCounters, connects: connectCounters },
        }
        rounds.push(result)
        console.log(`round ${round + 1}/${ROUNDS}`, JSON.stringify(result))
      } finally {
        await close()
      }
    }
  } finally {
    await stack.stop()
  }

const mib = (n) => (n / MiB).toFixed(2)
const signedMib = (n) => `${n >= 0 ? '+' : '−'}${mib(Math.abs(n))}`
const med = (get) => median(rounds.map(get))
const range = (get, fmt = mib) => {
  const xs = rounds.map(get)
  return `${fmt(median(xs))} (${fmt(Math.min(...xs))} to ${fmt(Math.max(...xs))})`
}
const signed = (n) => `${n >= 0 ? '+' : '−'}${Math.abs(n)}`
const counterRow = (label, from, to) =>
  `| ${label} | ${['nodes', 'documents', 'listeners', 'windowListeners'].map((k) => `${med((r) => r.counters[from][k])} → ${med((r) => r.counters[to][k])} (${signed(med((r) => r.counters[to][k] - r.counters[from][k]))})`).join(' | ')} |`
const openGrowth = med((r) => r.afterOpens - r.base)
const connectGrowth = med((r) => r.afterConnects - r.connectBase)
/** Growth over both kinds of cycle: the two added (the first connect's one-time load between them is not growth). */
const bothGrowth = (r) => r.afterOpens - r.base + (r.afterConnects - r.connectBase)
const totalGrowth = med(bothGrowth)
const opened = med((r) => r.opened)
const verdict = (ok) => (ok ? 'met' : 'not met')

const section = `<!-- memory:start -->
## Memory: the heap after opening, and after ${OPEN_CYCLES} open/close and ${CONNECT_CYCLES} connect/disconnect cycles (demo page)

Command: \`npm run bench:memory\` (${rounds.length} rounds, each a fresh Chromium profile started with \`--js-flags=--expose-gc\`${
  ISOLATE_FRAME
    ? " and `--enable-features=StrictOriginIsolation`, so the secure frame (the embedded wallet's, loaded at the first open) runs in a process of its own as it does in production, where it is another site than the page (here both are 127.0.0.1, one site: one renderer, one heap); its heap is measured on its own"
    : ", the secure frame in the page's process (one site here, both on 127.0.0.1), its heap counted in the page's"
}; the demo page with every feature on, \`?app=none\`, against the demo stack; non-loopback requests aborted; ${new Date().toISOString().slice(0, 10)}). "After a GC" is \`window.gc()\` repeated until the heap stops shrinking, then CDP \`Runtime.getHeapUsage\`. An open/close cycle is \`airlock.open()\`, the dialog's first frame, \`airlock.close()\` and the dialog gone; a connect/disconnect cycle opens the modal, clicks the Demo Wallet in Connect, waits until connected and closed, then \`airlock.disconnect()\`. The bases are taken after 5 open/close cycles and after 1 connect/disconnect, so what the first of each loads once (lazy chunks, the catalog, the connect effects) is not counted as growth. Median (min to max) over the rounds, MiB.

| Heap | MiB |
|---|---|
| after the page loaded, after a GC | ${range((r) => r.loaded)} |
| after the modal's first open (Connect shown, its loads settled), as it is | ${range((r) => r.opened)} |
| the same after a GC | ${range((r) => r.openedGc)} |
${rounds.every((r) => r.frameHeap !== undefined) ? `| the secure frame's own heap then (its process), as it is | ${range((r) => r.frameHeap)} |\n` : ''}| base for the open/close cycles, after a GC | ${range((r) => r.base)} |
| after ${OPEN_CYCLES} open/close cycles, after a GC | ${range((r) => r.afterOpens)} |
| base for the connect/disconnect cycles, after a GC | ${range((r) => r.connectBase)} |
| after ${CONNECT_CYCLES} connect/disconnect cycles, after a GC | ${range((r) => r.afterConnects)} |

| Growth after a GC | MiB |
|---|---|
| over ${OPEN_CYCLES} open/close cycles | ${range((r) => r.afterOpens - r.base, signedMib)} |
| over ${CONNECT_CYCLES} connect/disconnect cycles | ${range((r) => r.afterConnects - r.connectBase, signedMib)} |
| over both (the two added; the first connect's one-time load between them, ${mib(med((r) => r.connectBase - r.afterOpens))} MiB, is not growth) | ${range(bothGrowth, signedMib)} |

| DOM counters, before → after (change), medians | nodes | documents | JS event listeners | listeners on window |
|---|---|---|---|---|
${counterRow(`${OPEN_CYCLES} open/close cycles`, 'base', 'opens')}
${counterRow(`${CONNECT_CYCLES} connect/disconnect cycles`, 'connectBase', 'connects')}

The instance dispatched ${(med((r) => r.openEvents) / OPEN_CYCLES).toFixed(1)} events per open/close cycle and ${(med((r) => r.connectEvents) / CONNECT_CYCLES).toFixed(1)} per connect/disconnect cycle; its kernel keeps the last \`logLimit\` (default 1,000, 10,000 before 2026-11-29) in its log (src/kernel/log.ts), which fills as they come. What the heap grows by, type by type: \`node bench/memory/snapshotDiff.mjs\` (below the section). The cycles took ${(med((r) => r.openMs) / OPEN_CYCLES).toFixed(0)} ms per open/close and ${(med((r) => r.connectMs) / CONNECT_CYCLES).toFixed(0)} ms per connect/disconnect (medians).

Targets (issue 27 §1): the heap after opening ≤ ${OPENED_HEAP_MIB} MiB: ${mib(opened)} MiB, ${verdict(opened <= OPENED_HEAP_MIB * MiB)}; growth after a GC over the ${OPEN_CYCLES} open/close and ${CONNECT_CYCLES} connect/disconnect cycles < ${GROWTH_MIB} MiB: ${signedMib(totalGrowth)} MiB (${signedMib(openGrowth)} and ${signedMib(connectGrowth)}), ${verdict(totalGrowth < GROWTH_MIB * MiB)}.
<!-- memory:end -->`

if (!process.env.BENCH_NO_WRITE) writeResultsSection(root, 'memory', section)
console.log(section)
