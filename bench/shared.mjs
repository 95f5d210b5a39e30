// What the Chromium benchmarks share: a fresh headless Debian Chromium profile with every
// non-loopback request aborted, gzip -9 sizes of served files, and writing one section of
// bench/RESULTS.md between its markers.
import { chromium } from 'playwright-core'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM, CHROMIUM_FLAGS } from '../scripts/ensure-chromium.mjs'

export async function launchBenchContext() {
  const profile = mkdtempSync(join(tmpdir(), 'airlock-bench-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  })
  // The fresh profile goes with its context (each was left in /tmp: ~3 MiB a page load, 1 GiB by a
  // day's benches), once the browser has exited; a cleanup failure fails no bench.
  const close = context.close.bind(context)
  context.close = async (options) => {
    await close(options)
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
    } catch {
      // Left for the system's /tmp cleaning.
    }
  }
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  return context
}

/** A fresh context's page with a CDP session, its CPU slowed `throttle` times (1: not at all). */
export async function openBenchPage({ throttle = 1 } = {}) {
  const context = await launchBenchContext()
  const page = context.pages()[0] ?? (await context.newPage())
  const cdp = await context.newCDPSession(page)
  if (throttle !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
  return { context, page, cdp }
}

/** Records the scripts `page` requests; the returned function lists them so far, once each. */
export function scriptLog(page) {
  const urls = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url())
  })
  return () => [...new Set(urls)]
}

/**
 * Sizes of served files, read from `dir` by each URL's path: raw and gzip -9 totals, and how many
 * contain `mark` (when given).
 */
export function servedSizes(dir, urls, mark) {
  let raw = 0
  let gzip = 0
  let marked = 0
  for (const url of urls) {
    const bytes = readFileSync(join(dir, new URL(url).pathname))
    raw += bytes.length
    gzip += gzipBytes(bytes)
    if (mark !== undefined && bytes.includes(mark)) marked++
  }
  return { raw, gzip, files: urls.length, marked }
}

/**
 * Clicks an element and times, in the page, the click to the frame after the one in which
 * `shown` (a selector in the modal's shadow root) is first visible. `click` is a selector, searched
 * in the modal's shadow root when `inModal`, and narrowed to elements containing `text`.
 */
export function clickToFrame(page, { click, text, inModal = false, shown }) {
  return page.evaluate(
    ({ click, text, inModal, shown }) =>
      new Promise((resolve, reject) => {
        const modal = () => document.querySelector('airlock-modal')?.shadowRoot
        const scope = inModal ? modal() : document
        const target = [...(scope?.querySelectorAll(click) ?? [])].find((el) => text === undefined || el.textContent?.includes(text))
        if (!target) return reject(new Error(`nothing to click: ${click} ${text ?? ''}`))
        const t0 = performance.now()
        target.click()
        const check = () => {
          // Shown: visible, not in a tree drawn ahead of its open, hidden and inert (issue 27 §1).
          const el = modal()?.querySelector(shown)
          if (el && el.checkVisibility({ visibilityProperty: true }) && !el.closest('[inert]')) requestAnimationFrame(() => resolve(performance.now() - t0))
          else requestAnimationFrame(check)
        }
        check()
      }),
    { click, text, inModal, shown },
  )
}

export const gzipBytes = (bytes) => gzipSync(bytes, { level: 9 }).length
export const kib = (n) => `${(n / 1024).toFixed(1)} KiB`
export const sorted = (xs) => [...xs].sort((a, b) => a - b)
export const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)]

/** Replace (or append) the `name` section of bench/RESULTS.md. */
export function writeResultsSection(root, name, section) {
  const file = join(root, 'bench', 'RESULTS.md')
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n\nEach section is written by the command it names.\n'
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  text = from >= 0 && to > from ? `${text.slice(0, from)}${section}${text.slice(to + end.length)}` : `${text.trimEnd()}\n\n${section}\n`
  writeFileSync(file, text)
}

/**
 * Whether a bundled input (a demo build's metafile input) is the product's: src/, or a package a
 * site installing Airlock gets (its dependency tree without dev dependencies, and React, a peer
 * dependency the site brings). Everything else in node_modules is the demo's.
 *
 * ```js
 * const isProduct = productInputs(root)
 * isProduct('node_modules/viem/_esm/index.js') // true
 * ```
 */
export function productInputs(root) {
  const packages = new Set(
    // npm ls exits non-zero over problems it reports (an optional package's version): its list is still whole.
    spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { encoding: 'utf8', cwd: root })
      .stdout.split('\n')
      .filter(Boolean)
      .map((dir) => dir.slice(root.length)),
  )
  for (const peer of ['react', 'react-dom', 'scheduler']) packages.add(`node_modules/${peer}`)
  return (input) => {
    if (input.startsWith('src/')) return true
    const pkg = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)/.exec(input)?.[1]
    return pkg !== undefined && packages.has(pkg)
  }
}

/** Run `run(page, context)` on a fresh bench context's page, and close the context after. */
export async function withBenchPage(run) {
  const context = await launchBenchContext()
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    return await run(page, context)
  } finally {
    await context.close()
  }
}

/**
 * The product's share of served files (their URLs): each file's gzip -9 bytes split by the demo
 * build's metafile inputs into the product's (`isProduct`) and the demo's own; `feature` (a
 * pattern, optional) counts the files holding an input it matches.
 *
 * ```js
 * productShare({ urls, metafile, dir: 'demo', isProduct }) // { product: 47718, files: 49, featureFiles: 0 }
 * ```
 */
export function productShare({ urls, metafile, dir, isProduct, feature = /$^/ }) {
  const servedPath = (u) => new URL(u).pathname.replace(/^\//, '')
  let product = 0
  let featureFiles = 0
  for (const u of urls) {
    const gz = gzipBytes(readFileSync(join(dir, servedPath(u))))
    const inputs = Object.entries(metafile.outputs[`${dir}/${servedPath(u)}`]?.inputs ?? {})
    const total = inputs.reduce((sum, [, input]) => sum + input.bytesInOutput, 0) || 1
    const own = inputs.filter(([name]) => !isProduct(name)).reduce((sum, [, input]) => sum + input.bytesInOutput, 0)
    product += gz * (1 - own / total)
    if (inputs.some(([name]) => feature.test(name))) featureFiles++
  }
  return { product: Math.round(product), files: urls.length, featureFiles }
}

/**
 * The product JS a demo page fetches before the first click: the page at `url` is loaded three
 * times in fresh profiles (the last counts); each served file's gzip -9 bytes are split by the demo
 * build's metafile inputs into the product's share (`isProduct`) and the demo's own. `feature`
 * counts the files holding an input it matches.
 *
 * ```js
 * const { product, files, featureFiles } = await firstLoadProduct({ url, metafile, dir: 'demo', isProduct, feature: /^src\/plugins\/swap\// })
 * ```
 */
export async function firstLoadProduct({ url, metafile, dir, isProduct, feature }) {
  const measure = (urls) => productShare({ urls, metafile, dir, isProduct, feature })
  let last
  for (let round = 0; round < 3; round++) {
    last = await withBenchPage(async (page) => {
      const scripts = scriptLog(page)
      await page.goto(url)
      await page.getByText('Airlock is running').waitFor()
      await page.waitForLoadState('networkidle')
      return measure(scripts())
    })
  }
  return last
}
