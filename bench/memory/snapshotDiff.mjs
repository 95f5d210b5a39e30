// `node bench/memory/snapshotDiff.mjs`: what the heap bench:memory measures grows by. Two V8 heap
// snapshots of the demo page (CDP HeapProfiler, after window.gc()), before and after N cycles
// (MODE=open: open/close, the default, N=150; MODE=connect: connect/disconnect through the modal),
// compared by node type and constructor: the 30 that grew most, bytes and count. "code" is V8's
// compiled code (bytecode and optimised code of the functions the cycles made hot), not data the
// page keeps. The secure frame runs in a process of its own, as in bench:memory (ISOLATE_FRAME=0: in
// the page's). BENCH_DEMO_ROOT serves another built demo page.
import { chromium } from 'playwright-core'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHROMIUM, ensureChromium } from '../../scripts/ensure-chromium.mjs'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
process.chdir(fileURLToPath(new URL('../../', import.meta.url)))
ensureChromium()
const N = Number(process.env.N ?? 150)
const MODE = process.env.MODE ?? 'open'
if (!process.env.BENCH_DEMO_ROOT) await ensureBuilt()
const stack = await startDemoStack({ root: process.env.BENCH_DEMO_ROOT ?? 'demo' })
const profile = mkdtempSync(join(tmpdir(), 'airlock-bench-snapshot-'))
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  // The secure frame in a process of its own, as bench:memory runs it (ISOLATE_FRAME=0: in the page's).
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--js-flags=--expose-gc',
    ...(process.env.ISOLATE_FRAME !== '0' ? ['--enable-features=StrictOriginIsolation,CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies'] : []),
  ],
})
await context.route('**/*', (r) => (new URL(r.request().url()).hostname === '127.0.0.1' ? r.continue() : r.abort()))
const page = context.pages()[0]
page.setDefaultTimeout(120_000)
const cdp = await context.newCDPSession(page)
async function snapshot() {
  await page.evaluate(() => document.getElementById('clear-events')?.click())
  for (let i = 0; i < 3; i++) await page.evaluate(() => window.gc())
  let chunks = []
  const on = (e) => chunks.push(e.chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', on)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', on)
  const snap = JSON.parse(chunks.join(''))
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
const cycles = (n) =>
  page.evaluate(
    async ({ n, mode }) => {
      const root = () => document.querySelector('airlock-modal')?.shadowRoot
      const frame = () => new Promise((r) => requestAnimationFrame(() => r()))
      const until = async (ok) => {
        for (let i = 0; !ok(); i++) {
          if (i > 2000) throw new Error('stuck')
          await frame()
        }
      }
      // A modal mounted closed at idle keeps its dialog in the DOM, hidden: shown is visible.
      const shown = () => root()?.querySelector('[role="dialog"]')?.checkVisibility({ visibilityProperty: true }) === true
      const wallet = () => [...(root()?.querySelectorAll('[role="dialog"] button') ?? [])].find((b) => b.textContent?.includes('Demo Wallet'))
      const connected = () => window.airlock.getState().connection.connectedNamespaces.length > 0
      for (let i = 0; i < n; i++) {
        if (mode === 'open') {
          await window.airlock.open()
          await until(shown)
          await frame()
          window.airlock.close()
          await until(() => !window.airlock.getState().router.open && !shown())
        } else {
          await window.airlock.open()
          await until(() => wallet())
          wallet().click()
          await until(() => connected() && !window.airlock.getState().router.open && !shown())
          await window.airlock.disconnect()
          await until(() => !connected())
        }
      }
    },
    { n, mode: MODE },
  )
try {
  await page.goto(`${stack.url}?app=none`, { waitUntil: 'networkidle' })
  // Waited for in the page: Playwright's locators would load its injected script into the heap.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const check = () => (document.body.textContent.includes('Airlock is running') ? resolve() : requestAnimationFrame(check))
        check()
      }),
  )
  await cycles(5)
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
  await context.close()
  await stack.stop()
  rmSync(profile, { recursive: true, force: true })
}
