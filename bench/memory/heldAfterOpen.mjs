// `node bench/memory/heldAfterOpen.mjs`: what the heap holds after the modal's first open (the
// figure bench:memory compares with issue 27 §1's 4 MiB). One V8 heap snapshot of the demo page
// (every feature on, `?app=none`; CDP HeapProfiler.takeHeapSnapshot after window.gc()), taken as
// bench:memory takes its "after opening" figure (Connect shown with the Demo Wallet, the network
// idle, 500 ms), summed: by node type (V8's compiled code against the page's objects), the
// constructors with the most self size, the largest strings (data: URLs among them), and retained
// sizes (a dominator tree of the snapshot's graph, weak edges left out) of the objects that hold
// most, and all of V8's code by script (which chunks' functions ran and were compiled). STAGE=loaded
// takes it before the open instead. BENCH_DEMO_ROOT serves another built page. SAVE=<file> keeps
// the snapshot; SNAPSHOT=<file> analyses a kept one again without starting anything.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from '../../scripts/ensure-chromium.mjs'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { clearDemoEvents, firstOpen, launchMemoryBrowser, loadDemo, takeSnapshot } from './page.mjs'

process.chdir(fileURLToPath(new URL('../../', import.meta.url)))
const STAGE = process.env.STAGE ?? 'opened'
const TOP = Number(process.env.TOP ?? 40)
const stage = (what) => console.error(`${new Date().toISOString().slice(11, 19)} ${what}`)

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
/** The page's snapshot after the first open (STAGE=loaded: before it), taken as bench:memory takes its figure. */
async function capture() {
  ensureChromium()
  if (!process.env.BENCH_DEMO_ROOT) await ensureBuilt()
  const stack = await startDemoStack({ root: process.env.BENCH_DEMO_ROOT ?? 'demo' })
  const { page, cdp, frameHeaps, close } = await launchMemoryBrowser()
  try {
    stage('stack started')
    await loadDemo(page, stack.url, 120_000)
    stage('loaded')
    if (STAGE === 'opened') {
      await firstOpen(page, { timeoutMs: 120_000, log: stage })
      stage('opened')
    }
    const asIs = (await cdp.send('Runtime.getHeapUsage')).usedSize
    for (const { url, usedSize } of await frameHeaps()) console.log(`frame ${url.slice(0, 60)}: a process of its own, heap ${KiB(usedSize)}`)
    await clearDemoEvents(page)
    for (let i = 0; i < 3; i++) await page.evaluate(() => window.gc())
    const afterGc = (await cdp.send('Runtime.getHeapUsage')).usedSize
    const snap = await takeSnapshot(cdp)
    stage('snapshot taken')
    return { snap, heading: `${STAGE}: heap as it is ${KiB(asIs)}, after a GC ${KiB(afterGc)}` }
  } finally {
    await close()
    await stack.stop()
  }
}

// SNAPSHOT=<file>: a snapshot saved before (SAVE=<file>) analysed again, nothing started.
const { snap, heading } = process.env.SNAPSHOT
  ? { snap: JSON.parse(readFileSync(process.env.SNAPSHOT, 'utf8')), heading: process.env.SNAPSHOT }
  : await capture()
if (process.env.SAVE) writeFileSync(process.env.SAVE, JSON.stringify(snap))
{
  const a = analyse(snap)
  stage('analysed')
  console.log(`${heading}; snapshot of ${a.n} nodes`)
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
  // All of V8's code (bytecode, machine code, feedback, scope infos, …) by script: each code node
  // goes to the script of the function that holds it (a SharedFunctionInfo, a closure's, or a script),
  // found up to four retainers back through code and closures; the rest is V8's own ("(V8: …)").
  const isSfi = (i) => a.name(i).startsWith('system / SharedFunctionInfo')
  const scriptOfSfi = new Map()
  const sfiOfClosure = new Map()
  for (let i = 0; i < a.n; i++) {
    if (isSfi(i))
      a.children(i, (w, e) => {
        if (/^script/.test(a.edgeName(e))) scriptOfSfi.set(i, a.name(w).replace(/^system \/ Script \/ /, ''))
      })
    else if (a.type(i) === 'closure')
      a.children(i, (w, e) => {
        if (a.edgeName(e) === 'shared') sfiOfClosure.set(i, w)
      })
  }
  const scriptOf = (i, depth = 0) => {
    if (isSfi(i)) return scriptOfSfi.get(i) ?? '(a function without a script)'
    if (a.name(i).startsWith('system / Script / ')) return a.name(i).slice('system / Script / '.length)
    if (sfiOfClosure.has(i)) return scriptOfSfi.get(sfiOfClosure.get(i))
    if (depth < 4)
      for (const p of a.preds[i])
        if (['code', 'closure', 'hidden'].includes(a.type(p))) {
          const found = scriptOf(p, depth + 1)
          if (found !== undefined) return found
        }
    return undefined
  }
  const codeByScript = new Map()
  const machineByScript = new Map()
  for (let i = 0; i < a.n; i++) {
    if (!a.visited[i] || a.type(i) !== 'code') continue
    const script = scriptOf(i)
    const key = script === undefined ? `(V8: ${a.name(i).replace(/^system \/ /, '')})` : script.replace(/^https?:\/\/127\.0\.0\.1:\d+\//, '') || '(no name)'
    codeByScript.set(key, (codeByScript.get(key) ?? 0) + a.size(i))
    if (a.name(i) === 'system / InstructionStream') machineByScript.set(key, (machineByScript.get(key) ?? 0) + a.size(i))
  }
  console.log(`\nall code by script, machine code among it (top ${TOP}):`)
  for (const [k, size] of [...codeByScript].sort((x, y) => y[1] - x[1]).slice(0, TOP))
    console.log(KiB(size).padStart(12), KiB(machineByScript.get(k) ?? 0).padStart(12), k.slice(0, 100))
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
}
