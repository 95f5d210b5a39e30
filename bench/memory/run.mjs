// `npm run bench:memory`: the JS heap of the demo page (every feature on, `?app=none`) in Debian
// Chromium started with `--js-flags=--expose-gc`, a fresh profile per round, every non-loopback
// request failing, driven over CDP alone (page.mjs, cdp.mjs: no Playwright realm in the heaps;
// DRIVER=playwright the old way), against the demo stack (services/demoStack.mjs).
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
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from '../../scripts/ensure-chromium.mjs'
import { median, writeResultsSection } from '../shared.mjs'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { DRIVER, connectCycles, firstOpen, heapAfterGc, launchMemoryBrowser, loadDemo, openCloseCycles, until } from './page.mjs'

const ROUNDS = Number(process.env.ROUNDS ?? 3)
const ISOLATE_FRAME = process.env.ISOLATE_FRAME !== '0'
const OPEN_CYCLES = Number(process.env.OPEN_CYCLES ?? 500)
const CONNECT_CYCLES = Number(process.env.CONNECT_CYCLES ?? 100)
/**
 * OPEN_STEP / CONNECT_STEP: the heap after a GC also every so many cycles (does the growth settle?);
 * off by default, as the GCs between the steps are work the plain run does not do.
 */
const OPEN_STEP = Number(process.env.OPEN_STEP ?? OPEN_CYCLES)
const CONNECT_STEP = Number(process.env.CONNECT_STEP ?? CONNECT_CYCLES)
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

/** The DOM's counters (documents, nodes, JS event listeners) and the listeners on window, by type. */
async function counters(page, cdp) {
  await page.evaluate(() => window.gc())
  const dom = await cdp.send('Memory.getDOMCounters')
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' })
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId })
  await cdp.send('Runtime.releaseObject', { objectId: result.objectId })
  return { nodes: dom.nodes, documents: dom.documents, listeners: dom.jsEventListeners, windowListeners: listeners.length }
}

/** `total` cycles `step` at a time, the heap after a GC taken after each step but the last (the caller takes that one). */
async function inSteps(total, step, cycles, heap) {
  const steps = []
  for (let done = 0; done < total;) {
    const n = Math.min(step, total - done)
    await cycles(n)
    done += n
    if (done < total) steps.push({ cycles: done, heap: await heap() })
  }
  return steps
}

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
      const { page, cdp, frameHeaps, close } = await launchMemoryBrowser({ isolateFrame: ISOLATE_FRAME })
      try {
        await loadDemo(page, stack.url)
        // The instance's events, counted: what its kernel's log (bounded by the logLimit option) retains grows with them.
        await page.evaluate(() => {
          window.__events = 0
          window.airlock._internal.events$.subscribe(() => window.__events++)
        })
        const events = () => page.evaluate(() => window.__events)
        const loaded = await heapAfterGc(page, cdp)
        // The first open: the dialog's first frame, then what it loads (plugins, the catalog) settled.
        await firstOpen(page)
        const opened = (await cdp.send('Runtime.getHeapUsage')).usedSize
        // The secure frame's heap (its own process's, as it is), when it runs out of the page's process.
        const frameHeap = (await frameHeaps())[0]?.usedSize
        const openedGc = await heapAfterGc(page, cdp)
        await page.evaluate(() => window.airlock.close())
        await until(
          page,
          () => document.querySelector('airlock-modal')?.shadowRoot?.querySelector('[role="dialog"]')?.checkVisibility({ visibilityProperty: true }) !== true,
        )
        /**
         * `warmUp` cycles (their one-time work, lazy chunks and caches filled once, in the base), the
         * base after a GC, then `total` cycles (`step` at a time): the heaps, counters, events and time.
         */
        const measureCycles = async (cycles, warmUp, total, step) => {
          await cycles(warmUp)
          const base = await heapAfterGc(page, cdp)
          const baseCounters = await counters(page, cdp)
          const started = Date.now()
          const eventsBefore = await events()
          const steps = await inSteps(total, step, cycles, () => heapAfterGc(page, cdp))
          const dispatched = (await events()) - eventsBefore
          const ms = Date.now() - started
          return { base, baseCounters, steps, dispatched, ms, after: await heapAfterGc(page, cdp), afterCounters: await counters(page, cdp) }
        }
        const opens = await measureCycles((n) => openCloseCycles(page, n), 5, OPEN_CYCLES, OPEN_STEP)
        const connects = await measureCycles((n) => connectCycles(page, n), 1, CONNECT_CYCLES, CONNECT_STEP)
        const result = {
          loaded,
          opened,
          ...(frameHeap !== undefined && { frameHeap }),
          openedGc,
          base: opens.base,
          afterOpens: opens.after,
          connectBase: connects.base,
          afterConnects: connects.after,
          openMs: opens.ms,
          connectMs: connects.ms,
          openEvents: opens.dispatched,
          connectEvents: connects.dispatched,
          ...(OPEN_STEP < OPEN_CYCLES && { openSteps: opens.steps }),
          ...(CONNECT_STEP < CONNECT_CYCLES && { connectSteps: connects.steps }),
          counters: { base: opens.baseCounters, opens: opens.afterCounters, connectBase: connects.baseCounters, connects: connects.afterCounters },
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

/** The growth over the base after each step (OPEN_STEP, CONNECT_STEP), per round, when the run took steps. */
const stepsLine = (key, from, to, total, what) =>
  rounds.every((r) => r[key]?.length)
    ? `Growth after a GC as the ${what} cycles go on (${rounds.length === 1 ? 'one round' : 'each round'}), MiB: ${rounds
        .map((r) => [...r[key], { cycles: total, heap: r[to] }].map((s) => `${s.cycles}: ${signedMib(s.heap - r[from])}`).join(', '))
        .join('; ')}.\n\n`
    : ''

const section = `<!-- memory:start -->
## Memory: the heap after opening, and after ${OPEN_CYCLES} open/close and ${CONNECT_CYCLES} connect/disconnect cycles (demo page)

Command: \`npm run bench:memory\` (${rounds.length} rounds, each a fresh Chromium profile started with \`--js-flags=--expose-gc\`${
  ISOLATE_FRAME
    ? " and `--enable-features=StrictOriginIsolation`, so the secure frame (the embedded wallet's, loaded at the first open) runs in a process of its own as it does in production, where it is another site than the page (here both are 127.0.0.1, one site: one renderer, one heap); its heap is measured on its own"
    : ", the secure frame in the page's process (one site here, both on 127.0.0.1), its heap counted in the page's"
}; the demo page with every feature on, \`?app=none\`, against the demo stack; non-loopback requests failing; ${DRIVER === 'cdp' ? 'Chromium driven over CDP alone (bench/memory/cdp.mjs), no Playwright realm in the heaps' : 'Chromium driven by Playwright (`DRIVER=playwright`), its realm in the heaps'}; ${new Date().toISOString().slice(0, 10)}). "After a GC" is \`window.gc()\` repeated until the heap stops shrinking, then CDP \`Runtime.getHeapUsage\`. An open/close cycle is \`airlock.open()\`, the dialog's first frame, \`airlock.close()\` and the dialog gone; a connect/disconnect cycle opens the modal, clicks the Demo Wallet in Connect, waits until connected and closed, then \`airlock.disconnect()\`. The bases are taken after 5 open/close cycles and after 1 connect/disconnect, so what the first of each loads once (lazy chunks, the catalog, the connect effects) is not counted as growth. Median (min to max) over the rounds, MiB.

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

${stepsLine('openSteps', 'base', 'afterOpens', OPEN_CYCLES, 'open/close')}${stepsLine('connectSteps', 'connectBase', 'afterConnects', CONNECT_CYCLES, 'connect/disconnect')}| DOM counters, before → after (change), medians | nodes | documents | JS event listeners | listeners on window |
|---|---|---|---|---|
${counterRow(`${OPEN_CYCLES} open/close cycles`, 'base', 'opens')}
${counterRow(`${CONNECT_CYCLES} connect/disconnect cycles`, 'connectBase', 'connects')}

The instance dispatched ${(med((r) => r.openEvents) / OPEN_CYCLES).toFixed(1)} events per open/close cycle and ${(med((r) => r.connectEvents) / CONNECT_CYCLES).toFixed(1)} per connect/disconnect cycle; its kernel keeps the last \`logLimit\` (default 1,000, 10,000 before 2026-11-29) in its log (src/kernel/log.ts), which fills as they come. What the heap grows by, type by type: \`node bench/memory/snapshotDiff.mjs\` (below the section). The cycles took ${(med((r) => r.openMs) / OPEN_CYCLES).toFixed(0)} ms per open/close and ${(med((r) => r.connectMs) / CONNECT_CYCLES).toFixed(0)} ms per connect/disconnect (medians).

Targets (issue 27 §1): the heap after opening ≤ ${OPENED_HEAP_MIB} MiB: ${mib(opened)} MiB, ${verdict(opened <= OPENED_HEAP_MIB * MiB)}; growth after a GC over the ${OPEN_CYCLES} open/close and ${CONNECT_CYCLES} connect/disconnect cycles < ${GROWTH_MIB} MiB: ${signedMib(totalGrowth)} MiB (${signedMib(openGrowth)} and ${signedMib(connectGrowth)}), ${verdict(totalGrowth < GROWTH_MIB * MiB)}.
<!-- memory:end -->`

if (!process.env.BENCH_NO_WRITE) writeResultsSection(root, 'memory', section)
console.log(section)
