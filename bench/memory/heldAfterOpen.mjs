// `node bench/memory/heldAfterOpen.mjs`: what the heap holds after the modal's first open (the
// figure bench:memory compares with issue 27 §1's 4 MiB). One V8 heap snapshot of the demo page
// (every feature on, `?app=none`; CDP HeapProfiler.takeHeapSnapshot after window.gc()), taken as
// bench:memory takes its "after opening" figure (Connect shown with the Demo Wallet, the network
// idle, 500 ms), summed: by node type (V8's compiled code against the page's objects), the
// constructors with the most self size, the largest strings (data: URLs among them), and retained
// sizes (a dominator tree of the snapshot's graph, weak edges left out) of the objects that hold
// most. STAGE=loaded takes it before the open instead. BENCH_DEMO_ROOT serves another built page.
import { chromium } from 'playwright-core'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHROMIUM, CHROMIUM_FLAGS, ensureChromium } from '../../scripts/ensure-chromium.mjs'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'

process.chdir(fileURLToPath(new URL('../../', import.meta.url)))
ensureChromium()
const STAGE = process.env.STAGE ?? 'opened'
const TOP = Number(process.env.TOP ?? 40)
if (!process.env.BENCH_DEMO_ROOT) await ensureBuilt()
const stack = await startDemoStack({ root: process.env.BENCH_DEMO_ROOT ?? 'demo' })
const profile = mkdtempSync(join(tmpdir(), 'airlock-bench-held-'))
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  // The secure frame in a process of its own, as in production, where it is another site than the
  // page (here both are 127.0.0.1: one site, one renderer, one heap); as bench:memory runs it.
  // ISOLATE_FRAME=0: in the page's process, its heap in the page's.
  args: [
    ...CHROMIUM_FLAGS,
    '--js-flags=--expose-gc',
    ...(process.env.ISOLATE_FRAME !== '0' ? ['--enable-features=StrictOriginIsolation,CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies'] : []),
  ],
})
await context.route('**/*', (r) => (new URL(r.request().url()).hostname === '127.0.0.1' ? r.continue() : r.abort()))

/** In the page, without Playwright's injected script (it would be counted as the page's heap). */
const until = (page, predicate, timeoutMs = 120_000) =>
  page.evaluate(`new Promise((resolve, reject) => {
    const holds = ${predicate.toString()}
    const started = Date.now()
    const check = () => (holds() ? resolve() : Date.now() - started > ${timeoutMs} ? reject(new Error('not within ${timeoutMs} ms')) : requestAnimationFrame(check))
    check()
  })`)
const stage = (what) => console.error(`${new Date().toISOString().slice(11, 19)} ${what}`)

async function takeSnapshot(cdp) {
  const chunks = []
  const on = (e) => chunks.push(e.chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', on)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', on)
  return JSON.parse(chunks.join(''))
}

/** The snapshot as arrays, with each node's first edge index, and a dominator tree's retained sizes. */
function analyse(snap) {
  const meta = snap.snapshot.meta
  const nf = meta.node_fields.length
  const ef = meta.edge_fields.length
  const nodeTypes = meta.node_types[0]
  const edgeTypes = meta.edge_types[0]
  const iType = meta.node_fields.indexOf('type')
  const iName = meta.node_fields.indexOf('name')
  const iSize = meta.node_fields.indexOf('self_size')
  const iEdges = meta.node_fields.indexOf('edge_count')
  const eType = meta.edge_fields.indexOf('type')
  const eName = meta.edge_fields.indexOf('name_or_index')
  const eTo = meta.edge_fields.indexOf('to_node')
  const n = snap.nodes.length / nf
  const firstEdge = new Uint32Array(n + 1)
  for (let i = 0, e = 0; i < n; i++) {
    firstEdge[i] = e
    e += snap.nodes[i * nf + iEdges] * ef
  }
  firstEdge[n] = snap.edges.length
  const type = (i) => nodeTypes[snap.nodes[i * nf + iType]]
  const name = (i) => snap.strings[snap.nodes[i * nf + iName]]
  const size = (i) => snap.nodes[i * nf + iSize]
  const weak = edgeTypes.indexOf('weak')
  const shortcut = edgeTypes.indexOf('shortcut')
  const children = (i, f) => {
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += ef) {
      const t = snap.edges[e + eType]
      if (t === weak || t === shortcut) continue
      f(snap.edges[e + eTo] / nf, e)
    }
  }
  // Reverse post-order from the root (node 0), then Cooper–Harvey–Kennedy's iterative dominators.
  const order = new Int32Array(n).fill(-1)
  const post = []
  const stack = [0]
  const visited = new Uint8Array(n)
  const edgeCursor = new Uint32Array(n)
  visited[0] = 1
  for (let i = 0; i < n; i++) edgeCursor[i] = firstEdge[i]
  while (stack.length) {
    const v = stack[stack.length - 1]
    let pushed = false
    while (edgeCursor[v] < firstEdge[v + 1]) {
      const e = edgeCursor[v]
      edgeCursor[v] += ef
      const t = snap.edges[e + eType]
      if (t === weak || t === shortcut) continue
      const w = snap.edges[e + eTo] / nf
      if (!visited[w]) {
        visited[w] = 1
        stack.push(w)
        pushed = true
        break
      }
    }
    if (!pushed) {
      stack.pop()
      order[v] = post.length
      post.push(v)
    }
  }
  const preds = Array.from({ length: n }, () => [])
  for (const v of post) children(v, (w) => visited[w] && preds[w].push(v))
  const idom = new Int32Array(n).fill(-1)
  idom[0] = 0
  const intersect = (a, b) => {
    while (a !== b) {
      while (order[a] < order[b]) a = idom[a]
      while (order[b] < order[a]) b = idom[b]
    }
    return a
  }
  for (let changed = true; changed;) {
    changed = false
    for (let k = post.length - 2; k >= 0; k--) {
      const v = post[k]
      let d = -1
      for (const p of preds[v]) if (idom[p] !== -1) d = d === -1 ? p : intersect(p, d)
      if (d !== -1 && idom[v] !== d) {
        idom[v] = d
        changed = true
      }
    }
  }
  const retained = new Float64Array(n)
  for (const v of post) retained[v] += size(v)
  for (const v of post) if (v !== 0 && idom[v] >= 0) retained[idom[v]] += retained[v]
  const edgeName = (e) => {
    const t = edgeTypes[snap.edges[e + eType]]
    const x = snap.edges[e + eName]
    return t === 'element' || t === 'hidden' ? `[${x}]` : snap.strings[x]
  }
  return { n, type, name, size, retained, idom, preds, children, edgeName, visited }
}

const KiB = (b) => `${(b / 1024).toFixed(1)} KiB`
let page
let cdp
try {
  page = context.pages()[0] ?? (await context.newPage())
  cdp = await context.newCDPSession(page)
  stage('stack started')
  await page.goto(`${stack.url}?app=none`, { waitUntil: 'networkidle' })
  await until(page, () => document.body.textContent.includes('Airlock is running'))
  await page.evaluate(() => window.airlock.ready())
  stage('loaded')
  if (STAGE === 'opened') {
    await page.evaluate(async () => {
      await window.airlock.open()
      await window.airlock.ready()
    })
    await until(page, () =>
      [...(document.querySelector('airlock-modal')?.shadowRoot?.querySelectorAll('[role="dialog"] button') ?? [])].some(
        (b) => b.textContent.includes('Demo Wallet') && b.checkVisibility({ visibilityProperty: true }),
      ),
    )
    // The network idle as bench:memory waits for it (a loaded machine can keep a poll going past it: then on).
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => stage('network not idle within 60 s'))
    await page.waitForTimeout(500)
    stage('opened')
  }
  const asIs = (await cdp.send('Runtime.getHeapUsage')).usedSize
  for (const frame of page.frames().slice(1)) {
    const session = await context.newCDPSession(frame).catch(() => undefined)
    const usage = session && (await session.send('Runtime.getHeapUsage').catch(() => undefined))
    console.log(
      `frame ${frame.url().slice(0, 60)}: ${session ? 'a process of its own' : "in the page's process"}${usage ? `, heap ${KiB(usage.usedSize)}` : ''}`,
    )
  }
  await page.evaluate(() => document.getElementById('clear-events')?.click())
  for (let i = 0; i < 3; i++) await page.evaluate(() => window.gc())
  const afterGc = (await cdp.send('Runtime.getHeapUsage')).usedSize
  const snap = await takeSnapshot(cdp)
  stage('snapshot taken')
  const a = analyse(snap)
  stage('analysed')
  console.log(`${STAGE}: heap as it is ${KiB(asIs)}, after a GC ${KiB(afterGc)}; snapshot of ${a.n} nodes`)
  const group = (key) => {
    const m = new Map()
    for (let i = 0; i < a.n; i++) {
      if (!a.visited[i]) continue
      const k = key(i)
      if (k === undefined) continue
      const c = m.get(k) ?? { n: 0, size: 0 }
      c.n++
      c.size += a.size(i)
      m.set(k, c)
    }
    return [...m].sort((x, y) => y[1].size - x[1].size)
  }
  let total = 0
  for (let i = 0; i < a.n; i++) if (a.visited[i]) total += a.size(i)
  console.log(`\nreachable self sizes: ${KiB(total)}\n\nby node type:`)
  for (const [k, c] of group((i) => a.type(i)).slice(0, 15)) console.log(KiB(c.size).padStart(12), String(c.n).padStart(7), k)
  console.log(`\ncode by name (top ${TOP}):`)
  for (const [k, c] of group((i) => (a.type(i) === 'code' ? a.name(i).slice(0, 80) : undefined)).slice(0, TOP))
    console.log(KiB(c.size).padStart(12), String(c.n).padStart(7), k)
  // The bytecode of each script (a SharedFunctionInfo's script and its bytecode, by edge name): which
  // files' functions ran, the page's or Airlock's chunks.
  const byScript = new Map()
  for (let i = 0; i < a.n; i++) {
    if (!a.visited[i] || a.type(i) !== 'code' || !a.name(i).startsWith('system / SharedFunctionInfo')) continue
    let script = '(none)'
    let bytes = a.size(i)
    a.children(i, (w, e) => {
      const edge = a.edgeName(e)
      if (/^script/.test(edge)) script = a.name(w).replace(/^system \/ Script \/ /, '')
      else if (/function_data/.test(edge) && a.name(w).includes('BytecodeArray')) bytes += a.size(w)
      else if (/function_data/.test(edge))
        a.children(w, (x) => {
          if (a.name(x).includes('BytecodeArray')) bytes += a.size(x)
        })
    })
    const c = byScript.get(script) ?? { n: 0, size: 0 }
    c.n++
    c.size += bytes
    byScript.set(script, c)
  }
  console.log(`\nfunctions and their bytecode by script (top ${TOP}):`)
  for (const [k, c] of [...byScript].sort((x, y) => y[1].size - x[1].size).slice(0, TOP))
    console.log(KiB(c.size).padStart(12), String(c.n).padStart(7), k.slice(0, 100))
  console.log(`\nobjects, closures, arrays, native by constructor (top ${TOP}):`)
  for (const [k, c] of group((i) =>
    ['object', 'closure', 'array', 'native', 'regexp', 'object shape', 'hidden'].includes(a.type(i)) ? `${a.type(i)}:${a.name(i).slice(0, 80)}` : undefined,
  ).slice(0, TOP))
    console.log(KiB(c.size).padStart(12), String(c.n).padStart(7), k)
  const strings = []
  for (let i = 0; i < a.n; i++) if (a.visited[i] && /string/.test(a.type(i))) strings.push(i)
  strings.sort((x, y) => a.size(y) - a.size(x))
  let dataUrls = 0
  let dataUrlBytes = 0
  for (const i of strings)
    if (a.name(i).startsWith('data:')) {
      dataUrls++
      dataUrlBytes += a.size(i)
    }
  console.log(`\nstrings: ${strings.length}, ${KiB(strings.reduce((s, i) => s + a.size(i), 0))}; data: URLs ${dataUrls}, ${KiB(dataUrlBytes)}. Largest ${TOP}:`)
  for (const i of strings.slice(0, TOP)) console.log(KiB(a.size(i)).padStart(12), JSON.stringify(a.name(i).slice(0, 90)))
  // Retained sizes: the objects (not code, not the roots' synthetic nodes) that keep the most alive,
  // each with the path its dominator chain takes from the root.
  const path = (i) => {
    const parts = []
    for (let v = i, k = 0; v !== 0 && k < 8; v = a.idom[v], k++) parts.push(`${a.type(v)}:${a.name(v).slice(0, 40)}`)
    return parts.join(' ← ')
  }
  const held = []
  for (let i = 0; i < a.n; i++)
    if (a.visited[i] && ['object', 'closure', 'array', 'native', 'hidden'].includes(a.type(i)) && a.retained[i] > 16 * 1024) held.push(i)
  held.sort((x, y) => a.retained[y] - a.retained[x])
  console.log(`\nretained sizes (top ${TOP * 2}, over 16 KiB):`)
  for (const i of held.slice(0, TOP * 2)) console.log(KiB(a.retained[i]).padStart(12), KiB(a.size(i)).padStart(10), path(i).slice(0, 220))
} finally {
  await context.close()
  await stack.stop()
  rmSync(profile, { recursive: true, force: true })
}
