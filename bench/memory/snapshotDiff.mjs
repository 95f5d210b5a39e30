// `node bench/memory/snapshotDiff.mjs`: what the heap bench:memory measures grows by. Two V8 heap
// snapshots of the demo page (CDP HeapProfiler, after window.gc()), before and after N cycles
// (MODE=open: open/close, the default, N=150; MODE=connect: connect/disconnect through the modal),
// compared by node type and constructor: the 30 that grew most, bytes and count. "code" is V8's
// compiled code (bytecode and optimised code of the functions the cycles made hot), not data the
// page keeps. The secure frame runs in a process of its own, as in bench:memory (ISOLATE_FRAME=0: in
// the page's). BENCH_DEMO_ROOT serves another built demo page.
import { fileURLToPath } from 'node:url'
import { ensureChromium } from '../../scripts/ensure-chromium.mjs'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { clearDemoEvents, connectCycles, launchMemoryBrowser, loadDemo, openCloseCycles, takeSnapshot } from './page.mjs'
process.chdir(fileURLToPath(new URL('../../', import.meta.url)))
ensureChromium()
const N = Number(process.env.N ?? 150)
const MODE = process.env.MODE ?? 'open'
/** Cycles before the first snapshot (their one-time loads, and the kernel's log filled, out of the difference). */
const WARMUP = Number(process.env.WARMUP ?? 5)
if (!process.env.BENCH_DEMO_ROOT) await ensureBuilt()
const stack = await startDemoStack({ root: process.env.BENCH_DEMO_ROOT ?? 'demo' })
// The secure frame in a process of its own, as bench:memory runs it (ISOLATE_FRAME=0: in the page's).
const { page, cdp, close } = await launchMemoryBrowser()
page.setDefaultTimeout(120_000)
async function snapshot() {
  await clearDemoEvents(page)
  for (let i = 0; i < 3; i++) await page.evaluate(() => window.gc())
  const snap = await takeSnapshot(cdp)
  const f = snap.snapshot.meta.node_fields,
    types = snap.snapshot.meta.node_types[0]
  const nf = f.length,
    iType = f.indexOf('type'),
    iName = f.indexOf('name'),
    iSize = f.indexOf('self_size')
  const counts = new Map()
  for (let i = 0; i < snap.nodes.length; i += nf) {
    const type = types[snap.nodes[i + iType]]
    const name =
      type === 'object' || type === 'closure'
        ? `${type}:${snap.strings[snap.nodes[i + iName]]}`
        : type === 'string' || type === 'concatenated string' || type === 'sliced string'
          ? 'string'
          : type
    const c = counts.get(name) ?? { n: 0, size: 0 }
    c.n++
    c.size += snap.nodes[i + iSize]
    counts.set(name, c)
  }
  return counts
}
const cycles = (n) => (MODE === 'open' ? openCloseCycles(page, n) : connectCycles(page, n))
try {
  await loadDemo(page, stack.url)
  await cycles(WARMUP)
  const a = await snapshot()
  await cycles(N)
  const b = await snapshot()
  const rows = [...new Set([...a.keys(), ...b.keys()])].map((k) => ({
    k,
    dn: (b.get(k)?.n ?? 0) - (a.get(k)?.n ?? 0),
    ds: (b.get(k)?.size ?? 0) - (a.get(k)?.size ?? 0),
  }))
  rows.sort((x, y) => y.ds - x.ds)
  console.log(`${MODE === 'open' ? 'open/close' : 'connect/disconnect'} × ${N}: heap by type, after minus before (bytes, count)`)
  for (const r of rows.slice(0, 30)) console.log(String(r.ds).padStart(9), String(r.dn).padStart(7), r.k.slice(0, 100))
} finally {
  await close()
  await stack.stop()
}
