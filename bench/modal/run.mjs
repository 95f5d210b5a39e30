// `npm run bench:modal`: the demo page in Debian Chromium (playwright-core), every request to a
// non-loopback host aborted. Per round, a fresh browser profile: the JS fetched before the first
// click (raw and gzip -9 of each file as served), the JS the first click fetches, and the time from
// the click to the first frame that shows the Connect view. Writes bench/RESULTS.md's modal section.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from '../../scripts/ensure-chromium.mjs'
import { gzipBytes, kib, launchBenchContext, median, sorted, writeResultsSection } from '../shared.mjs'
import { buildAll } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'

const ROUNDS = Number(process.env.ROUNDS ?? 7)
const root = fileURLToPath(new URL('../../', import.meta.url))
process.chdir(root)
ensureChromium()
await buildAll()
const stack = await startDemoStack()

const sizeOf = (url) => {
  const path = join(root, 'demo', new URL(url).pathname)
  const bytes = readFileSync(path)
  return { raw: bytes.length, gzip: gzipBytes(bytes) }
}
const sum = (files) => files.reduce((a, f) => ({ raw: a.raw + f.raw, gzip: a.gzip + f.gzip }), { raw: 0, gzip: 0 })

const rounds = []
try {
  for (let i = 0; i < ROUNDS; i++) {
    const context = await launchBenchContext()
    const page = context.pages()[0] ?? (await context.newPage())
    const js = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') js.push(request.url())
    })
    await page.goto(stack.url, { waitUntil: 'networkidle' })
    await page.getByText('Airlock is running').waitFor()
    const before = [...new Set(js)]
    const ms = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const button = document.getElementById('open')
          const t0 = performance.now()
          button.click()
          const check = () => {
            const dialog = document.querySelector('airlock-modal')?.shadowRoot?.querySelector('[role=dialog][data-view=Connect]')
            // The frame after the one in which the view first exists is the one that shows it.
            if (dialog) requestAnimationFrame(() => resolve(performance.now() - t0))
            else requestAnimationFrame(check)
          }
          check()
        }),
    )
    await page.waitForLoadState('networkidle')
    const after = [...new Set(js)].filter((u) => !before.includes(u))
    rounds.push({ ms, before: sum(before.map(sizeOf)), after: sum(after.map(sizeOf)), beforeFiles: before.length, afterFiles: after.length })
    await context.close()
  }
} finally {
  await stack.stop()
}

const ms = rounds.map((r) => r.ms)
const first = rounds[0]
const version = JSON.parse(readFileSync('node_modules/playwright-core/package.json', 'utf8')).version
const section = `<!-- modal:start -->
## The modal in Chromium (demo page)

Command: \`npm run bench:modal\` (${ROUNDS} rounds, a fresh Chromium profile each, non-loopback requests aborted; Debian Chromium via playwright-core ${version}; ${new Date().toISOString().slice(0, 10)}).

| Measure | Value |
|---|---|
| JS fetched before the first click | ${kib(first.before.gzip)} gzip (${kib(first.before.raw)} raw, ${first.beforeFiles} files) |
| JS the first click fetches (modal, React DOM, views) | ${kib(first.after.gzip)} gzip (${kib(first.after.raw)} raw, ${first.afterFiles} files) |
| Click to the Connect view's first frame, median | ${median(ms).toFixed(1)} ms (min ${sorted(ms)[0].toFixed(1)}, max ${sorted(ms).at(-1).toFixed(1)}) |

The page's JS includes the demo's own page code and its Demo Wallet (whose signing code loads only when it signs). Sizes are gzip -9 of each file as served.
<!-- modal:end -->`

writeResultsSection(root, 'modal', section)
console.log(section)
