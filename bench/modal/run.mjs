// `npm run bench:modal`: the demo page in Debian Chromium (playwright-core), every request to a
// non-loopback host aborted. Per round, a fresh browser profile: the JS fetched before the first
// click (raw and gzip -9 of each file as served), the JS the first click fetches, and the time from
// the click to the first frame that shows the Connect view. Writes bench/RESULTS.md's modal section.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from '../../scripts/ensure-chromium.mjs'
import { clickToFrame, kib, launchBenchContext, median, productInputs, productShare, scriptLog, servedSizes, sorted, writeResultsSection } from '../shared.mjs'
import { buildAll } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'

const ROUNDS = Number(process.env.ROUNDS ?? 7)
const root = fileURLToPath(new URL('../../', import.meta.url))
process.chdir(root)
ensureChromium()
const { demo } = await buildAll()
const isProduct = productInputs(root)
const stack = await startDemoStack()

const demoDir = join(root, 'demo')

const rounds = []
try {
  for (let i = 0; i < ROUNDS; i++) {
    const context = await launchBenchContext()
    const page = context.pages()[0] ?? (await context.newPage())
    const scripts = scriptLog(page)
    // `?app=none`: the demo page without its sample dApp (React in the first load), as measured before it.
    await page.goto(`${stack.url}?app=none`, { waitUntil: 'networkidle' })
    await page.getByText('Airlock is running').waitFor()
    // The page's own scripts (served from demo/); the secure frame's (its own origin, loaded in
    // its iframe) are counted apart.
    const page_ = (urls) => urls.filter((u) => u.startsWith(stack.url))
    const before = scripts()
    const ms = await clickToFrame(page, { click: '#open', shown: '[role=dialog][data-view=Connect]' })
    await page.waitForLoadState('networkidle')
    const after = scripts().filter((u) => !before.includes(u))
    const frame = [...before, ...after].filter((u) => !u.startsWith(stack.url))
    const share = (urls) => productShare({ urls, metafile: demo.metafile, dir: 'demo', isProduct }).product
    rounds.push({
      ms,
      before: { ...servedSizes(demoDir, page_(before)), product: share(page_(before)) },
      after: { ...servedSizes(demoDir, page_(after)), product: share(page_(after)) },
      frame: frame.length,
    })
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
| JS fetched before the first click (with what the page prefetches when idle: the modal, React DOM, the views) | ${kib(first.before.gzip)} gzip (${kib(first.before.raw)} raw, ${first.before.files} files), of which the product's ${kib(first.before.product)} |
| JS the first click fetches (modal, React DOM, views) | ${kib(first.after.gzip)} gzip (${kib(first.after.raw)} raw, ${first.after.files} files), of which the product's ${kib(first.after.product)} |
| Click to the Connect view's first frame, median | ${median(ms).toFixed(1)} ms (min ${sorted(ms)[0].toFixed(1)}, max ${sorted(ms).at(-1).toFixed(1)}) |

The page's JS includes the demo's own page code and its Demo Wallet (whose signing code loads only when it signs); "the product's" is the share of Airlock's own code and the packages a site installing it gets (each file's bytes split by the demo build's metafile inputs). Sizes are gzip -9 of each file as served. Not counted: the secure frame's own script, loaded in its iframe from its own origin (${first.frame} file${first.frame === 1 ? '' : 's'}; \`npm run bench:embedded\` measures the frame).
<!-- modal:end -->`

writeResultsSection(root, 'modal', section)
console.log(section)
