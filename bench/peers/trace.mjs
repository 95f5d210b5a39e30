// `node bench/peers/trace.mjs`, after `npm run bench:peers` (or `BENCH_BUILD_ONLY=1 node
// bench/peers/run.mjs`) has built the pages: where the time between the click and the wallet list's
// first frame goes, from one traced load per page, throttle and click (idle, cold). Chromium's
// performance trace and a sampled CPU profile of the page (measure.mjs's `trace`) give:
//   - the scripts the click fetches: when each is requested and has arrived, in ms after the click,
//     and what it holds (the library's chunks and their largest source modules, from dist/meta.json);
//   - the main thread's tasks in that time: how many, their wall and CPU time, the long ones (> 50 ms);
//   - the main thread's CPU by kind (script, style, layout, paint and compositing, GC, HTML parsing)
//     and the profile's samples by script file;
//   - the time the main thread ran nothing (waiting for the network, or for the CPU the machine's
//     other work held).
// Prints markdown. PAGES=airlock,rainbowkit (default) and THROTTLES=1,4 pick what is traced. Tracing
// slows a page: these loads explain the timed figures of run.mjs, they are not counted in them.
import { createServer } from 'node:http'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, extname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadavg } from 'node:os'
import { ensureChromium } from '../../scripts/ensure-chromium.mjs'
import { measurePage } from './measure.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const PAGES = (process.env.PAGES ?? 'airlock,rainbowkit').split(',')
const THROTTLES = (process.env.THROTTLES ?? '1,4').split(',').map(Number)

function serve(dir) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname)
    const file = resolve(dir, `.${path === '/' ? '/index.html' : path}`)
    if (!file.startsWith(dir) || !existsSync(file) || file.includes('node_modules')) return res.writeHead(404).end()
    const type = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' }[extname(file)] ?? 'application/octet-stream'
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(readFileSync(file))
  })
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) })),
  )
}

/** What a page's file holds: its largest source modules (Airlock's: through the library's chunks). */
function contents(pageId) {
  const file = join(here, pageId, 'dist', 'meta.json')
  if (!existsSync(file)) return () => ''
  const { outputs, library } = JSON.parse(readFileSync(file, 'utf8'))
  return (name) => {
    const out = outputs[name]
    if (!out) return ''
    const modules = {}
    for (const [input, { bytesInOutput }] of Object.entries(out.inputs ?? {})) {
      const chunk = library && input.includes('.airlock/') ? library[input.slice(input.indexOf('.airlock/') + '.airlock/'.length)] : undefined
      if (!chunk) {
        const key = input.replace(/^.*node_modules\//, '')
        modules[key] = (modules[key] ?? 0) + bytesInOutput
      } else {
        // A library chunk's share of this file, spread over its modules by their sizes.
        const total = Object.values(chunk.inputs).reduce((a, m) => a + m.bytesInOutput, 0) || 1
        for (const [m, { bytesInOutput: b }] of Object.entries(chunk.inputs)) modules[m] = (modules[m] ?? 0) + (bytesInOutput * b) / total
      }
    }
    return Object.entries(modules)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([m]) => m.replace(/^src\//, ''))
      .join(', ')
  }
}

const KINDS = [
  ['GC', /GC|Scavenge|MarkCompact|Sweep/],
  [
    'script',
    /^(EvaluateScript|FunctionCall|TimerFire|EventDispatch|FireAnimationFrame|FireIdleCallback|RunMicrotasks|BlinkScheduler_PerformMicrotaskCheckpoint|v8\.|V8\.)/,
  ],
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)/],
  ['layout', /^(Layout|UpdateLayout|IntersectionObserverController)/],
  ['paint and compositing', /^(Paint|PrePaint|Layerize|UpdateLayer|Commit|CompositeLayers|Decode|ImageDecodeTask|RasterTask)/],
  ['HTML parsing', /^ParseHTML/],
]
const kindOf = (name) => KINDS.find(([, re]) => re.test(name))?.[0] ?? 'other'
const short = (url) => (url ? url.split('/').pop().split('?')[0] || url : '(page)')

function summarise(events, profile, describe) {
  const marks = events.filter((e) => e.name === 'TimeStamp' && String(e.args?.data?.message).startsWith('bench:'))
  const click = marks.find((e) => e.args.data.message === 'bench:click')
  const shown = marks.find((e) => e.args.data.message === 'bench:shown')
  if (!click || !shown) return undefined
  const [t0, t1] = [click.ts, shown.ts]
  const rel = (ts) => (ts - t0) / 1000
  const main = events.filter((e) => e.pid === click.pid && e.tid === click.tid && e.ph === 'X' && e.ts + (e.dur ?? 0) > t0 && e.ts < t1)

  // Tasks: the main thread's top-level RunTask events.
  const tasks = main.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask')
  const top = tasks.filter((e) => !tasks.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && (o.ts < e.ts || o.dur > e.dur)))
  const clip = (e) => Math.max(0, Math.min(e.ts + e.dur, t1) - Math.max(e.ts, t0))
  const wall = top.reduce((a, e) => a + clip(e), 0) / 1000
  const cpu = top.reduce((a, e) => a + ((e.tdur ?? e.dur) * clip(e)) / (e.dur || 1), 0) / 1000
  const long = top
    .filter((e) => e.dur > 50_000)
    .map((e) => `${rel(e.ts).toFixed(0)} ms: ${(e.dur / 1000).toFixed(0)} ms (CPU ${((e.tdur ?? e.dur) / 1000).toFixed(0)})`)

  // Self CPU by kind: each event's thread time less its children's, inside the click's window.
  const byKind = {}
  const sortedMain = main.filter((e) => e.ts >= t0 && e.ts < t1).sort((a, b) => a.ts - b.ts || b.dur - a.dur)
  const stack = []
  for (const e of sortedMain) {
    while (stack.length > 0 && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop()
    const own = e.tdur ?? e.dur
    byKind[kindOf(e.name)] = (byKind[kindOf(e.name)] ?? 0) + own
    const parent = stack.at(-1)
    if (parent) byKind[kindOf(parent.name)] -= Math.min(own, parent.tdur ?? parent.dur)
    stack.push(e)
  }
  const kinds = Object.entries(byKind)
    .filter(([, v]) => v > 500)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`)
    .join(', ')

  // Requests: scripts asked for after the click, until the list's frame.
  const finished = new Map(events.filter((e) => e.name === 'ResourceFinish').map((e) => [e.args.data.requestId, e.ts]))
  const requests = events
    .filter((e) => e.name === 'ResourceSendRequest' && e.ts >= t0 && e.ts < t1 && /\.js$/.test(new URL(e.args.data.url, 'http://x').pathname))
    .map((e) => {
      const name = short(e.args.data.url)
      const held = describe(name)
      const done = finished.get(e.args.data.requestId)
      return `${name} (${rel(e.ts).toFixed(0)} → ${done === undefined ? '?' : rel(done).toFixed(0)} ms${held ? `; ${held}` : ''})`
    })

  // The profile: sampled time by script file, inside the window.
  const byUrl = {}
  if (profile) {
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
    const parents = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((c) => [c, n.id])))
    // A sample counts for the nearest frame on its stack that has a file; none: V8's own entries
    // ('(program)', '(garbage collector)'), or the bench's init script and the built-ins it calls.
    const fileOf = (id) => {
      for (let n = id; n !== undefined; n = parents.get(n)) if (nodes.get(n)?.callFrame.url) return short(nodes.get(n).callFrame.url)
      const name = nodes.get(id)?.callFrame.functionName ?? '?'
      return name.startsWith('(') ? name : '(the bench’s own checks)'
    }
    let ts = profile.startTime
    profile.samples.forEach((id, i) => {
      ts += profile.timeDeltas[i]
      const next = profile.timeDeltas[i + 1] ?? 0
      if (ts < t0 || ts >= t1) return
      const key = fileOf(id)
      byUrl[key] = (byUrl[key] ?? 0) + next
    })
  }
  const sampled = Object.entries(byUrl)
    .filter(([k]) => k !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}${describe(k) ? ` (${describe(k).split(', ')[0]})` : ''}`)
    .join(', ')
  return { total: rel(t1), tasks: top.length, wall, cpu, idle: rel(t1) - wall, long, kinds, requests, sampled }
}

ensureChromium()
const lines = []
for (const pageId of PAGES) {
  const server = await serve(join(here, pageId))
  const describe = contents(pageId)
  try {
    for (const throttle of THROTTLES) {
      for (const cold of [false, true]) {
        const load = loadavg()[0]
        const r = await measurePage(server.url, { throttle, cold, trace: true })
        const s = summarise(r.traceEvents, r.profile, describe)
        const what = `${pageId}, ${throttle}×, ${cold ? 'cold click' : 'idle click'}`
        console.error(`[bench:peers trace] ${what}: ${r.clickToList.toFixed(0)} ms (load ${load.toFixed(1)})`)
        if (!s) {
          lines.push(`- ${what}: no marks in the trace`)
          continue
        }
        lines.push(
          `- **${what}**: ${s.total.toFixed(0)} ms traced (load ${load.toFixed(1)}). Main thread: ${s.tasks} tasks, ${s.wall.toFixed(0)} ms wall (CPU ${s.cpu.toFixed(0)}), nothing running ${s.idle.toFixed(0)} ms.` +
            ` CPU ms by kind: ${s.kinds || '—'}. Sampled ms by file: ${s.sampled || '—'}.` +
            ` Long tasks: ${s.long.length > 0 ? s.long.join('; ') : 'none'}.` +
            ` Scripts fetched before the frame (${s.requests.length}): ${s.requests.length > 0 ? s.requests.join('; ') : 'none'}.`,
        )
      }
    }
  } finally {
    await server.close()
  }
}
console.log(lines.join('\n'))
