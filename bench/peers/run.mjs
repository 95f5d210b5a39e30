// `npm run bench:peers`: Airlock and the wallet modals people use today, side by side in one run
// on this machine. For each page in bench/peers (its own package.json and lockfile):
//   1. install it (`npm ci --ignore-scripts`, warm npm cache), timing it and counting packages;
//      Airlock's page builds from this repository, so its install is `npm ci --omit=dev` of the
//      root lockfile (the packages a site installing Airlock gets);
//   2. build it with the same esbuild settings (esm, bundle, minify, splitting, NODE_ENV
//      production) and read the sizes from the metafile;
//   3. serve it on 127.0.0.1 and measure it in Debian Chromium (measure.mjs), the pages
//      interleaved, ROUNDS rounds unthrottled and ROUNDS more at 4× CPU throttling.
// Then Airlock's All wallets list over a 700-entry catalog (airlockList.mjs). Writes the peers
// section of bench/RESULTS.md. BENCH_SKIP_INSTALL=1 reuses installed node_modules (no install
// figures then); BENCH_PAGES picks pages by id; BENCH_BUILD_ONLY=1 builds the pages and stops
// (trace.mjs traces them).
import * as esbuild from 'esbuild'
import { buildAirlockPackage, PEER_PAGE_BUILD } from './airlockPackage.mjs'
import { execFileSync } from 'node:child_process'
import { createServer } from 'node:http'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir, cpus, loadavg } from 'node:os'
import { dirname, extname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureChromium, CHROMIUM } from '../../scripts/ensure-chromium.mjs'
import { startConfigService } from '../../services/config/server.mjs'
import { WALLETS, syntheticWallets } from '../../services/config/catalog.mjs'
import { gzipBytes, kib, median, servedSizes, sorted, writeResultsSection } from '../shared.mjs'
import { measurePage } from './measure.mjs'
import { measureAirlockList } from './airlockList.mjs'

const ROUNDS = Number(process.env.ROUNDS ?? 5)
/**
 * The cold click with the pointer over the button this long before it (measure.mjs `hoverMs`): a
 * tap's length, the shortest head start any pointer's click has (a mouse rests on a button longer
 * before it presses). Airlock starts the first open's work then (src/ui/react/prepareOnIntent.ts);
 * a peer may do nothing with it. `BENCH_HOVER_MS` sets it.
 */
const HOVER_MS = Number(process.env.BENCH_HOVER_MS ?? 100)
const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..', '..')
const ALL_PAGES = [
  { id: 'airlock', name: 'Airlock', packages: [] },
  { id: 'appkit-wagmi', name: 'AppKit + wagmi', packages: ['@reown/appkit', '@reown/appkit-adapter-wagmi', 'wagmi', 'viem', 'react'] },
  { id: 'appkit', name: 'AppKit (no adapter)', packages: ['@reown/appkit', 'react'] },
  { id: 'rainbowkit', name: 'RainbowKit', packages: ['@rainbow-me/rainbowkit', 'wagmi', 'viem', 'react'] },
  { id: 'connectkit', name: 'ConnectKit', packages: ['connectkit', 'wagmi', 'viem', 'react'], legacyPeerDeps: true },
]
// BENCH_PAGES=airlock,rainbowkit measures those pages alone (a before/after of Airlock beside the fastest peer).
const PAGES = process.env.BENCH_PAGES ? ALL_PAGES.filter((page) => process.env.BENCH_PAGES.split(',').includes(page.id)) : ALL_PAGES

const log = (...args) => console.error('[bench:peers]', ...args)
const npm = (cwd, args) => execFileSync('npm', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false' } })
const countPackages = (dir) => {
  const lock = join(dir, 'node_modules', '.package-lock.json')
  return existsSync(lock) ? Object.keys(JSON.parse(readFileSync(lock, 'utf8')).packages ?? {}).filter((k) => k.startsWith('node_modules/')).length : 0
}

// The commit built (others may commit while the run goes on); a tree with changes says so.
const commit = `${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()}${execFileSync('git', ['status', '--porcelain', '--', 'src', 'package.json'], { cwd: root, encoding: 'utf8' }).trim() ? ' with uncommitted changes' : ''}`

// 1. Install.
const installs = {}
if (process.env.BENCH_SKIP_INSTALL !== '1') {
  for (const page of PAGES) {
    const dir = join(here, page.id)
    let cwd = dir
    let args = ['ci', '--ignore-scripts', '--no-audit', '--no-fund', ...(page.legacyPeerDeps ? ['--legacy-peer-deps'] : [])]
    if (page.id === 'airlock') {
      // What a site installing Airlock gets: its dependencies and required peers. Not the root
      // lockfile's tree without dev: npm flags an optional peer that is also a dev dependency
      // (wagmi's core, for airlock/wagmi) `devOptional` and installs it and its tree (304 more
      // packages) under --omit=dev, while a site's install leaves optional peers out. So the
      // lockfile is resolved afresh (untimed, warm cache) from package.json without them.
      cwd = mkdtempSync(join(tmpdir(), 'airlock-install-'))
      const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
      const optional = Object.keys(manifest.peerDependenciesMeta ?? {}).filter((name) => manifest.peerDependenciesMeta[name].optional)
      for (const name of optional) delete manifest.peerDependencies[name]
      delete manifest.peerDependenciesMeta
      delete manifest.devDependencies
      writeFileSync(join(cwd, 'package.json'), JSON.stringify(manifest, null, 2))
      cpSync(join(root, 'package-lock.json'), join(cwd, 'package-lock.json'))
      npm(cwd, ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'])
      args = [...args, '--omit=dev']
    } else {
      rmSync(join(dir, 'node_modules'), { recursive: true, force: true })
    }
    log(`installing ${page.name}`)
    const t0 = performance.now()
    npm(cwd, args)
    installs[page.id] = { ms: performance.now() - t0, packages: countPackages(cwd) }
    if (page.id === 'airlock') rmSync(cwd, { recursive: true, force: true })
  }
}

// 2. Build.
const builds = {}
for (const page of PAGES) {
  const dir = join(here, page.id)
  const outdir = join(dir, 'dist')
  rmSync(outdir, { recursive: true, force: true })
  log(`building ${page.name}`)
  // Airlock's page imports `airlock` and `airlock/react` as a site does: the library as published,
  // bundled by the page's esbuild with the peers' settings (airlockPackage.mjs).
  const airlockPackage = page.id === 'airlock' ? await buildAirlockPackage(join(outdir, '.airlock')) : undefined
  const airlockLib = airlockPackage?.plugin
  const result = await esbuild.build({
    ...PEER_PAGE_BUILD,
    absWorkingDir: dir,
    outdir: 'dist',
    loader: { '.png': 'dataurl', '.svg': 'dataurl', '.woff': 'file', '.woff2': 'file' },
    plugins: airlockLib ? [airlockLib] : [],
  })
  const outputs = Object.fromEntries(
    Object.entries(result.metafile.outputs).map(([p, out]) => [
      relative(outdir, resolve(dir, p)),
      { ...out, imports: out.imports.map((i) => ({ ...i, path: relative(outdir, resolve(dir, i.path)) })) },
    ]),
  )
  const js = Object.keys(outputs).filter((p) => p.endsWith('.js'))
  // What each file holds, for trace.mjs: the page's outputs and, for Airlock, the library's chunks'.
  writeFileSync(join(outdir, 'meta.json'), JSON.stringify({ outputs, library: airlockPackage?.outputs }))
  const closure = new Set()
  const visit = (p) => {
    if (closure.has(p)) return
    closure.add(p)
    for (const i of outputs[p]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path)
  }
  visit('main.js')
  const size = (files) =>
    files.reduce(
      (a, f) => {
        const bytes = readFileSync(join(outdir, f))
        return { raw: a.raw + bytes.length, gzip: a.gzip + gzipBytes(bytes) }
      },
      { raw: 0, gzip: 0 },
    )
  const css = Object.keys(outputs).filter((p) => p.endsWith('.css'))
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${page.name} (bench)</title>\n${css.map((c) => `<link rel="stylesheet" href="dist/${c}">`).join('\n')}\n</head>\n<body>\n<div id="root"></div>\n<script type="module" src="dist/main.js"></script>\n</body>\n</html>\n`,
  )
  builds[page.id] = { initial: size([...closure].filter((p) => p.endsWith('.js'))), initialFiles: closure.size, all: size(js), allFiles: js.length }
}

// BENCH_BUILD_ONLY=1: the pages built (for trace.mjs), nothing measured.
if (process.env.BENCH_BUILD_ONLY === '1') process.exit(0)

// 3. Serve and measure.
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
}
function serve(dir) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname)
    const file = resolve(dir, `.${path === '/' ? '/index.html' : path}`)
    if (!file.startsWith(dir) || !existsSync(file) || file.includes('node_modules')) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(readFileSync(file))
  })
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) })),
  )
}

ensureChromium()
const servers = Object.fromEntries(await Promise.all(PAGES.map(async (p) => [p.id, await serve(join(here, p.id))])))
const config = await startConfigService({ wallets: [...WALLETS, ...syntheticWallets(700 - WALLETS.length)] })
const runs = { 1: {}, 4: {} }
const list = { 1: [], 4: [] }
// The machine's 1-minute load average at each page load: the run shares its cores with other work.
const loads = []
try {
  for (const throttle of [1, 4]) {
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts at a different page, so no page always follows the same one.
      const order = PAGES.map((_, i) => PAGES[(i + round) % PAGES.length])
      for (const page of order) {
        log(`round ${round + 1}/${ROUNDS} at ${throttle}×: ${page.name} (load ${loadavg()[0].toFixed(1)})`)
        loads.push(loadavg()[0])
        const r = await measurePage(servers[page.id].url, { throttle })
        // The cold case (issue 27 §1): the click in the frame after the button's, no idle time before it.
        loads.push(loadavg()[0])
        const cold = await measurePage(servers[page.id].url, { throttle, cold: true })
        // And cold with the pointer over the button HOVER_MS before the click, as a visitor's click comes.
        loads.push(loadavg()[0])
        const hover = await measurePage(servers[page.id].url, { throttle, cold: true, hoverMs: HOVER_MS })
        ;(runs[throttle][page.id] ??= []).push({
          ...r,
          coldClickToList: cold.clickToList,
          coldLongTasksOpen: cold.longTasksOpen,
          hoverClickToList: hover.clickToList,
          hoverLongTasksOpen: hover.longTasksOpen,
          jsBefore: servedSizes(join(here, page.id), r.before),
          jsBeforeButton: servedSizes(join(here, page.id), r.beforeButton),
          jsAfter: servedSizes(join(here, page.id), r.after),
          jsAfterCold: servedSizes(join(here, page.id), cold.after),
          errors: [...r.errors, ...cold.errors, ...hover.errors],
        })
      }
      list[throttle].push(await measureAirlockList(`${servers.airlock.url}?config=${encodeURIComponent(config.url)}`, { throttle }))
    }
  }
} finally {
  await Promise.all(Object.values(servers).map((s) => s.close()))
  await config.close()
}

// 4. Results.
const versionOf = (pageId, pkg) => {
  const file = pageId === 'airlock' ? join(root, 'node_modules', pkg, 'package.json') : join(here, pageId, 'node_modules', pkg, 'package.json')
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : '?'
}
const stat = (xs) => ({ median: median(xs), min: sorted(xs)[0], max: sorted(xs).at(-1) })
const ms = (s) => `${s.median.toFixed(0)} (${s.min.toFixed(0)}–${s.max.toFixed(0)})`
const mib = (s) => `${(s.median / 1048576).toFixed(1)} (${(s.min / 1048576).toFixed(1)}–${(s.max / 1048576).toFixed(1)})`
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : '—')
const peers = PAGES.filter((p) => p.id !== 'airlock')

const kibFiles = (key) => ({
  get: (r) => r[key].gzip / 1024,
  fmt: (s, rs) => `${s.median.toFixed(1)} (${median(rs.map((r) => r[key].files))})`,
})
const MEASURES = [
  { label: 'Navigation to the connect button’s first visible frame, ms', get: (r) => r.navToButton, fmt: ms },
  { label: 'Click to the wallet list’s first visible frame, ms', get: (r) => r.clickToList, fmt: ms },
  {
    label: 'Main thread CPU from the click to that frame (Chromium’s ThreadTime; the wall time above less the waits for a core), ms',
    get: (r) => r.clickCpu,
    fmt: ms,
  },
  {
    label: 'Click to the wallet list’s first visible frame, cold (the click in the frame after the button’s, no idle time before it), ms',
    get: (r) => r.coldClickToList,
    fmt: ms,
  },
  {
    label: `Click to the wallet list’s first visible frame, cold with the pointer over the button ${HOVER_MS} ms before the click (a tap’s length), ms`,
    get: (r) => r.hoverClickToList,
    fmt: ms,
  },
  {
    label: 'JS fetched before the connect button’s first frame (the critical path), KiB gzip (files)',
    get: (r) => r.jsBeforeButton.gzip / 1024,
    fmt: (s, rs) => `${s.median.toFixed(1)} (${median(rs.map((r) => r.jsBeforeButton.files))})`,
  },
  { label: 'JS fetched before the first click (the critical path and what loads at idle), KiB gzip (files)', ...kibFiles('jsBefore') },
  { label: 'JS fetched by the click, KiB gzip (files)', ...kibFiles('jsAfter') },
  { label: 'JS fetched by the cold click, KiB gzip (files)', ...kibFiles('jsAfterCold') },
  { label: 'JS heap after the modal opens, MiB', get: (r) => r.heap, fmt: mib },
  { label: 'JS heap after a forced GC, MiB', get: (r) => r.heapAfterGc, fmt: mib },
  {
    label: 'Long tasks at load: total ms (count)',
    get: (r) => r.longTasksLoad.ms,
    fmt: (s, rs) => `${s.median.toFixed(0)} (${median(rs.map((r) => r.longTasksLoad.count))})`,
  },
  {
    label: 'Long tasks at open: total ms (count)',
    get: (r) => r.longTasksOpen.ms,
    fmt: (s, rs) => `${s.median.toFixed(0)} (${median(rs.map((r) => r.longTasksOpen.count))})`,
  },
  {
    label: 'Long tasks at the cold open: total ms (count)',
    get: (r) => r.coldLongTasksOpen.ms,
    fmt: (s, rs) => `${s.median.toFixed(0)} (${median(rs.map((r) => r.coldLongTasksOpen.count))})`,
  },
  {
    label: `Long tasks at the cold open with the pointer over the button ${HOVER_MS} ms before: total ms (count)`,
    get: (r) => r.hoverLongTasksOpen.ms,
    fmt: (s, rs) => `${s.median.toFixed(0)} (${median(rs.map((r) => r.hoverLongTasksOpen.count))})`,
  },
]

function timingTable(throttle) {
  const head = `| measure (median, min–max) | ${PAGES.map((p) => p.name).join(' | ')} | ${peers.map((p) => `Airlock ÷ ${p.name}`).join(' | ')} |`
  const rule = `|---|${PAGES.map(() => '---').join('|')}|${peers.map(() => '---').join('|')}|`
  const rows = MEASURES.map((m) => {
    const stats = Object.fromEntries(PAGES.map((p) => [p.id, stat(runs[throttle][p.id].map(m.get))]))
    return `| ${m.label} | ${PAGES.map((p) => m.fmt(stats[p.id], runs[throttle][p.id])).join(' | ')} | ${peers.map((p) => ratio(stats.airlock.median, stats[p.id].median)).join(' | ')} |`
  })
  return [head, rule, ...rows].join('\n')
}

const sizeRows = [
  [
    'Initial chunk and its static imports, KiB gzip (raw)',
    (b) => `${(b.initial.gzip / 1024).toFixed(1)} (${(b.initial.raw / 1024).toFixed(1)})`,
    (b) => b.initial.gzip,
  ],
  [
    'All JS of the build, KiB gzip (raw, files)',
    (b) => `${(b.all.gzip / 1024).toFixed(1)} (${(b.all.raw / 1024).toFixed(1)}, ${b.allFiles})`,
    (b) => b.all.gzip,
  ],
]
const sizeTable = [
  `| build | ${PAGES.map((p) => p.name).join(' | ')} | ${peers.map((p) => `Airlock ÷ ${p.name}`).join(' | ')} |`,
  `|---|${PAGES.map(() => '---').join('|')}|${peers.map(() => '---').join('|')}|`,
  ...sizeRows.map(
    ([label, fmt, value]) =>
      `| ${label} | ${PAGES.map((p) => fmt(builds[p.id])).join(' | ')} | ${peers.map((p) => ratio(value(builds.airlock), value(builds[p.id]))).join(' | ')} |`,
  ),
  ...(Object.keys(installs).length > 0
    ? [
        `| \`npm ci\` time, s (warm npm cache) | ${PAGES.map((p) => (installs[p.id].ms / 1000).toFixed(1)).join(' | ')} | ${peers.map((p) => ratio(installs.airlock.ms, installs[p.id].ms)).join(' | ')} |`,
        `| Packages installed | ${PAGES.map((p) => installs[p.id].packages).join(' | ')} | ${peers.map((p) => ratio(installs.airlock.packages, installs[p.id].packages)).join(' | ')} |`,
      ]
    : []),
].join('\n')

// Issue 27 §1's targets, each against the fastest peer of this run.
const fastestBy = (throttle, get) => {
  const m = Object.fromEntries(PAGES.map((p) => [p.id, median(runs[throttle][p.id].map(get))]))
  const fastest = peers.reduce((a, p) => (m[p.id] < m[a.id] ? p : a))
  return { airlock: m.airlock, peer: fastest, value: m[fastest.id] }
}
const targetLine = (what, f, share, label) =>
  `${what}: Airlock ${f.airlock.toFixed(0)} ms, ${ratio(f.airlock, f.value)} of the fastest peer's (${f.peer.name}, ${f.value.toFixed(0)} ms): target ≤ ${share.toFixed(2)}× (${label}) — ${f.airlock <= f.value * share ? 'met' : 'not met'}.`
const target = (throttle) => ({
  open: targetLine(
    'Click → the wallet list’s first frame',
    fastestBy(throttle, (r) => r.clickToList),
    1 / 3,
    'one third',
  ),
  cold: targetLine(
    'The same, cold click (reported; the target is stated for the idle click)',
    fastestBy(throttle, (r) => r.coldClickToList),
    1 / 3,
    'one third',
  ),
  hover: targetLine(
    `The same, cold with the pointer over the button ${HOVER_MS} ms before the click (reported)`,
    fastestBy(throttle, (r) => r.hoverClickToList),
    1 / 3,
    'one third',
  ),
  nav: targetLine(
    'Navigation → the connect button’s first frame',
    fastestBy(throttle, (r) => r.navToButton),
    1 / 2,
    'one half',
  ),
})
const critical = median(runs[1].airlock.map((r) => r.jsBeforeButton.gzip))
const js = `JS before the connect button (the critical path, React DOM included): Airlock ${kib(critical)} gzip: target ≤ 108 KiB — ${critical <= 108 * 1024 ? 'met' : 'not met'}; with what loads at idle before the click ${kib(median(runs[1].airlock.map((r) => r.jsBefore.gzip)))}.`
const t1 = target(1)
const t4 = target(4)
const listStats = (throttle) => ({ search: stat(list[throttle].map((l) => l.keystrokeToResults)), dropped: stat(list[throttle].map((l) => l.dropped)) })
const l1 = listStats(1)
const l4 = listStats(4)
const errors = PAGES.flatMap((p) => [...runs[1][p.id], ...runs[4][p.id]].flatMap((r) => r.errors.map((e) => `${p.name}: ${e.slice(0, 160)}`)))
const uniqueErrors = [...new Set(errors)].slice(0, 12)

const versions = PAGES.map(
  (p) =>
    `- ${p.name}: ${p.id === 'airlock' ? `this repository at ${commit}, the package as \`npm pack\` ships it (dist/lib, the Rollup build its prepack writes: scripts/buildLibrary.mjs), react ${versionOf('airlock', 'react')}` : p.packages.map((pkg) => `${pkg} ${versionOf(p.id, pkg)}`).join(', ')}`,
).join('\n')
const chromiumVersion = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()

const section = `<!-- peers:start -->
## Airlock and its peers, side by side

Command: \`npm run bench:peers\` (${ROUNDS} interleaved rounds per page, then ${ROUNDS} more at 4× CPU throttling through CDP; a fresh Chromium profile per page load; every request to a non-loopback host aborted, so no page reaches its vendor's services; ${chromiumVersion} via playwright-core; ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; ${new Date().toISOString().slice(0, 10)}; the machine's 1-minute load average over the run's page loads ${median(loads).toFixed(1)}, ${sorted(loads)[0].toFixed(1)}–${sorted(loads).at(-1).toFixed(1)}: it was shared with other work, so each round measures every page in turn, each round starting at the next page, and every figure sees the same load).

Every page renders its library's connect button on Ethereum mainnet and opens its wallet list; each is built with the same esbuild settings (esm, bundle, minify, splitting, \`process.env.NODE_ENV\` = "production"). "Wallet list shown" is the first frame after the click in which a wallet entry (WalletConnect, MetaMask, Rainbow, Coinbase Wallet or All wallets) that was not there before is visible. Ratios are Airlock's median over the peer's: below 1 means Airlock is smaller or faster.

Versions:
${versions}

### Builds and installs

${sizeTable}

### Unthrottled

${timingTable(1)}

### At 4× CPU throttling

${timingTable(4)}

### Targets (issue 27 §1)

- ${js}
- Unthrottled: ${t1.open}
- At 4×: ${t4.open}
- Unthrottled: ${t1.cold}
- At 4×: ${t4.cold}
- Unthrottled: ${t1.hover}
- At 4×: ${t4.hover}
- Unthrottled: ${t1.nav}
- At 4×: ${t4.nav}

### Airlock's All wallets list, 700-entry catalog (local config service)

| measure | unthrottled | 4× |
|---|---|---|
| Keystroke to the results frame, ms (includes the 300 ms search delay of SPEC §9 and the catalog request) | ${ms(l1.search)} | ${ms(l4.search)} |
| Frames dropped scrolling 120 frames | ${ms(l1.dropped)} | ${ms(l4.dropped)} |
${uniqueErrors.length > 0 ? `\nPage errors seen (the aborted vendor requests, mostly):\n${uniqueErrors.map((e) => `- ${e}`).join('\n')}\n` : ''}<!-- peers:end -->`

// A run of some pages (BENCH_PAGES) is printed, not recorded: the section is the whole comparison.
if (!process.env.BENCH_PAGES) writeResultsSection(root, 'peers', section)
console.log(section)
