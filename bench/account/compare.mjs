// `node bench/account/compare.mjs`: scrolling the three long lists — 1,000 tokens, 1,000 activity
// items (the synthetic answers of bench/account/run.mjs) and All wallets over a 700-entry catalog
// (services/config's synthetic wallets, answered for the stack's config API) — in the demo pages
// of two or more trees built side by side and served by one demo stack, their pages interleaved,
// so a before/after is measured in one run on the same machine. TREES='{"before":"/work/wt","after":"."}'
// (default: a worktree at /work/wt-base and this tree), THROTTLES=4,1, ROUNDS=3, SECS=10 (at
// 1,200 px/s as run.mjs), LISTS=tokens,activity,catalog; TRACE=1 adds one traced scroll per tree
// and list at 4× (traceScroll.mjs: where the main thread's time goes). Prints each page and the
// medians: frames, frames over 25 ms, main-thread CPU time (CDP ThreadTime) per 1,000 px scrolled
// — the figure a loaded machine disturbs least — and task time per frame. MODES=raf,wheel: each
// list is scrolled both ways, by setting scrollTop from requestAnimationFrame (`<list>`: frames
// by rAF deltas, dropped = over 25 ms) and by a wheel gesture on the compositor (`<list>-wheel`,
// gestureScroll.mjs: the compositor's frames, dropped and partial, Chromium's own tracker, whether
// the gesture's start needed a main-thread hit test). INJECT_CSS='…' adds a style to the modal's
// shadow root before the wheel scroll (to try a style without a build of its own). MINIFY=0 builds
// the pages unminified (a CPU profile, gestureScroll.mjs's GESTURE_PROFILE, then names functions).
import * as esbuild from 'esbuild'
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { tmpdir } from 'node:os'
import { ensureChromium } from '../../scripts/ensure-chromium.mjs'
import { openBenchPage, median } from '../shared.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { startConfigService } from '../../services/config/server.mjs'
import { WALLETS, syntheticWallets } from '../../services/config/catalog.mjs'
import { TRACE_CATEGORIES, traced } from './traceScroll.mjs'
import { historyItems, tokenBalances } from './synthetic.mjs'
import { gestureScroll } from './gestureScroll.mjs'
ensureChromium()

/** The demo page of the tree `src`, built into `out` (not its demo/dist, which other runs rebuild). */
async function buildDemoInto(src, out) {
  const { demoOptions } = await import(join(src, 'esbuild.config.mjs'))
  mkdirSync(out, { recursive: true })
  for (const f of ['index.html', 'demo.css', 'shared']) cpSync(join(src, 'demo', f), join(out, f), { recursive: true })
  await esbuild.build({ ...demoOptions, absWorkingDir: src, outdir: join(out, 'dist'), sourcemap: false, minify: process.env.MINIFY !== '0' })
}

const THROTTLES = (process.env.THROTTLES ?? '4').split(',').map(Number)
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const SECS = Number(process.env.SECS ?? 10)
const LISTS = (process.env.LISTS ?? 'tokens,activity,catalog').split(',')
/** How each list is scrolled: raf (scrollTop set from requestAnimationFrame, frames by rAF deltas), wheel (gestureScroll.mjs: a wheel gesture on the compositor, frames by the compositor's reports). */
const MODES = (process.env.MODES ?? 'raf,wheel').split(',')
const trees = Object.fromEntries(
  Object.entries(JSON.parse(process.env.TREES ?? '{"before":"/work/wt-base","after":"."}')).map(([name, dir]) => [name, resolve(dir)]),
)
const both = join(tmpdir(), `airlock-compare-${process.pid}`)
rmSync(both, { recursive: true, force: true })
mkdirSync(both, { recursive: true })
for (const [name, src] of Object.entries(trees)) await buildDemoInto(src, `${both}/${name}`)
const stack = await startDemoStack({ root: both })
const config = await startConfigService({ wallets: [...WALLETS, ...syntheticWallets(700 - WALLETS.length)] })
const apiUrl = stack.account.apiUrl
const metrics = async (cdp) => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
async function scroll(page, cdp, selector) {
  // RAF_PROFILE=<dir>/: a sampled CPU profile of the scroll, written there (with MINIFY=0 it names functions).
  if (process.env.RAF_PROFILE) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
  }
  const before = await metrics(cdp)
  const run = await page.evaluate(
    ({ selector, secs }) =>
      new Promise((resolve) => {
        const scroller = document.querySelector('airlock-modal')?.shadowRoot?.querySelector(selector)
        scroller.scrollTop = 0
        const deltas = []
        let start, last
        const tick = (now) => {
          if (start === undefined) start = now
          else deltas.push(now - last)
          last = now
          const elapsed = now - start
          const end = scroller.scrollHeight - scroller.clientHeight
          const target = Math.min(end, elapsed * 1.2)
          scroller.scrollTop = target
          if (elapsed >= secs * 1000 || target >= end) resolve({ deltas, px: target })
          else requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }),
    { selector, secs: SECS },
  )
  const after = await metrics(cdp)
  if (process.env.RAF_PROFILE) {
    const { profile } = await cdp.send('Profiler.stop')
    writeFileSync(`${process.env.RAF_PROFILE}${Date.now()}-${selector.replace(/[^a-z-]+/gi, '_')}.cpuprofile`, JSON.stringify(profile))
  }
  const n = run.deltas.length
  const ms = (k) => ((after[k] - before[k]) * 1000) / n
  return {
    cpuPerKpx: ((after.ThreadTime - before.ThreadTime) * 1e6) / run.px,
    frames: n,
    dropped: run.deltas.filter((d) => d > 25).length,
    px: run.px,
    script: ms('ScriptDuration'),
    layout: ms('RecalcStyleDuration') + ms('LayoutDuration'),
    task: ms('TaskDuration'),
  }
}
const results = {}
const f = (x) =>
  `${x.frames}f drop ${x.dropped} (${((100 * x.dropped) / x.frames).toFixed(0)}%) cpu/kpx ${x.cpuPerKpx.toFixed(0)} s/l/t ${x.script.toFixed(1)}/${x.layout.toFixed(1)}/${x.task.toFixed(1)}${x.partial === undefined ? '' : ` partial ${x.partial} px ${x.px} in ${x.elapsed} ms, cpu/f ${x.perFrame.cpu.toFixed(1)}, chromium ${x.trackerDropped}/${x.trackerExpected}, hit test ${x.mainThreadHitTest ? 'main' : 'compositor'} ${JSON.stringify(x.scrollStates)}`}`
async function open(name, throttle, query) {
  const o = await openBenchPage({ throttle })
  o.page.setDefaultTimeout(120_000)
  await o.cdp.send('Performance.enable')
  await o.page.route('**/env.json', async (q) => q.fulfill({ response: await o.page.request.fetch(`${stack.url}env.json`) }))
  await o.page.goto(`${stack.url}${name}/${query}`, { waitUntil: 'networkidle' })
  await o.page.getByText('Airlock is running').waitFor()
  await o.page.evaluate(() => (document.getElementById('state').style.display = 'none'))
  return o
}
/** A list scrolled each way of MODES: `row[list]` by `measure` (rAF), `row[list + '-wheel']` by a wheel gesture. */
async function measureAll(row, list, measure, page, cdp, selector) {
  if (MODES.includes('raf')) row[list] = await measure(page, cdp, selector)
  if (MODES.includes('wheel') && measure === scroll) {
    if (process.env.INJECT_CSS)
      // A constructed stylesheet: the demo's CSP (no 'unsafe-inline') blocks a <style> element, which left the style unapplied.
      await page.evaluate((css) => {
        const root = document.querySelector('airlock-modal').shadowRoot
        const sheet = new CSSStyleSheet()
        sheet.replaceSync(css)
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
      }, process.env.INJECT_CSS)
    const g = await gestureScroll(page, cdp, selector, { px: SECS * 1200 })
    row[`${list}-wheel`] = {
      ...g,
      frames: g.updating,
      cpuPerKpx: (g.perFrame.cpu * g.updating * 1000) / Math.max(1, g.px),
      script: g.perFrame.script,
      layout: g.perFrame.styleLayout,
      task: g.perFrame.task,
    }
  }
}
/** One tree's pages at `throttle`×: each list scrolled through `measure`. */
async function pageRun(name, throttle, measure) {
  const row = {}
  if (LISTS.includes('tokens') || LISTS.includes('activity')) {
    const { context, page, cdp } = await open(name, throttle, '?namespaces=eip155&app=none')
    try {
      await page.route('**/v1/account/*/balance*', (q) =>
        q.fulfill({
          status: 200,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: JSON.stringify({ balances: tokenBalances(1000, apiUrl) }),
        }),
      )
      await page.route('**/v1/account/*/history*', (q) =>
        q.fulfill({
          status: 200,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: JSON.stringify({ data: historyItems(1000, stack.account.holder, apiUrl), next: null }),
        }),
      )
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Demo Wallet' }).click()
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('eip155') && !window.airlock.getState().router.open)
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('list', { name: 'Your tokens' }).getByRole('listitem').first().waitFor()
      await page.waitForTimeout(1000)
      if (LISTS.includes('tokens')) await measureAll(row, 'tokens', measure, page, cdp, '.token-scroller')
      if (LISTS.includes('activity')) {
        await dialog.getByRole('tab', { name: 'Activity' }).click()
        await dialog.getByRole('list', { name: 'Your activity' }).getByRole('listitem').first().waitFor()
        await page.waitForTimeout(1000)
        await measureAll(row, 'activity', measure, page, cdp, '.scroller[role="region"]')
      }
    } finally {
      await context.close()
    }
  }
  if (LISTS.includes('catalog')) {
    const { context, page, cdp } = await open(name, throttle, `?namespaces=eip155&app=none`)
    try {
      // The catalog answers from a 700-entry config service (the page's CSP allows only the stack's).
      await page.route(
        (u) => u.href.startsWith(stack.configUrl) && u.pathname.includes('getWallets'),
        async (q) => {
          const u = new URL(q.request().url())
          const res = await page.request.fetch(`${config.url}${u.pathname}${u.search}`, { headers: q.request().headers() })
          await q.fulfill({ status: res.status(), body: await res.body(), headers: { ...res.headers(), 'access-control-allow-origin': '*' } })
        },
      )
      await page.reload({ waitUntil: 'networkidle' })
      await page.getByText('Airlock is running').waitFor()
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /All wallets/ })
        .click()
      await page.getByRole('dialog').getByRole('list', { name: 'All wallets' }).getByRole('button').first().waitFor()
      // The whole catalog loaded first (pages of 40 as the list nears its end), so the scroll measures rows, not requests.
      for (let i = 0; i < 40; i++) {
        const n = await page.evaluate(() => window.airlock.getState().walletCatalog.filteredWallets.length)
        if (n >= 690) break
        await page.evaluate(() => {
          const s = document.querySelector('airlock-modal').shadowRoot.querySelector('.scroller')
          s.scrollTop = s.scrollHeight
        })
        await page.waitForTimeout(300)
      }
      await page.waitForTimeout(1000)
      await measureAll(row, 'catalog', measure, page, cdp, '.scroller')
    } finally {
      await context.close()
    }
  }
  return row
}

const tracedScroll = async (page, cdp, selector) => {
  const { value, perCategory } = await traced(cdp, () => scroll(page, cdp, selector))
  return { ...value, perCategory }
}
const traces = {}
try {
  for (let r = 0; r < ROUNDS; r++)
    for (const throttle of THROTTLES)
      for (const name of Object.keys(trees)) {
        let row = {}
        try {
          row = await pageRun(name, throttle, scroll)
        } catch (error) {
          console.log(`r${r} ${throttle}x ${name} failed: ${error.message.split('\n')[0]}`)
        }
        ;((results[throttle] ??= {})[name] ??= []).push(row)
        console.log(
          `r${r} ${throttle}x ${name.padEnd(7)} ${Object.entries(row)
            .map(([k, v]) => `${k}: ${f(v)}`)
            .join(' | ')}`,
        )
      }
  if (process.env.TRACE)
    for (const name of Object.keys(trees)) {
      try {
        traces[name] = await pageRun(name, 4, tracedScroll)
      } catch (error) {
        console.log(`traced ${name} failed: ${error.message.split('\n')[0]}`)
      }
    }
} finally {
  await config.close()
  await stack.stop()
  rmSync(both, { recursive: true, force: true })
}
console.log('\nmedians')
for (const [throttle, byName] of Object.entries(results))
  for (const [name, rows] of Object.entries(byName))
    for (const list of LISTS.flatMap((l) => [l, `${l}-wheel`])) {
      const xs = rows.map((r) => r[list]).filter(Boolean)
      if (!xs.length) continue
      console.log(
        `${throttle}x ${name.padEnd(7)} ${list.padEnd(8)} frames ${median(xs.map((x) => x.frames))} dropped ${median(xs.map((x) => x.dropped))} (${xs.map((x) => x.dropped).join(',')}) cpu/kpx ${median(xs.map((x) => x.cpuPerKpx)).toFixed(0)} task/f ${median(xs.map((x) => x.task)).toFixed(1)}`,
      )
    }
if (process.env.TRACE) {
  console.log(`\nmain thread per frame at 4x under a trace, ms: ${TRACE_CATEGORIES.join(' / ')} / all`)
  for (const [name, row] of Object.entries(traces))
    for (const [list, run] of Object.entries(row)) {
      const all = Object.values(run.perCategory).reduce((a, b) => a + b, 0)
      console.log(
        `${name.padEnd(7)} ${list.padEnd(8)} ${run.frames}f dropped ${run.dropped}: ${TRACE_CATEGORIES.map((c) => (run.perCategory[c] / run.frames).toFixed(1)).join(' / ')} / ${(all / run.frames).toFixed(1)} (images ${((100 * run.perCategory.images) / all).toFixed(0)}%)`,
      )
    }
}
