// `npm run bench:account`: the Account view (Tokens, NFTs, Activity, identity) in the demo page, in
// Debian Chromium (playwright-core), every request to a non-loopback host aborted, a fresh profile
// per page, against the demo stack's account services (anvil with the demo contracts and seeded
// history, the self-hosted Blockchain API).
// - The JS a page that never opens Account fetches before the first click, EVM-only with and
//   without a Blockchain API, split by the demo build's metafile into the product and the demo
//   page's own code (as bench/namespaces); and the product JS a first Account open fetches, by chunk.
// - Click on 'Connect wallet' (which opens Account when connected) → the frame after the first
//   token row exists, with 10 and with 1,000 token balances: cold (the page's first open of the
//   modal, after a reload that reconnected: the modal and the Account plugins' chunks load), warm
//   (closed, opened again within the 30 s balance cache), and the first open just after connecting.
// - Scrolling 1,000 tokens, 1,000 activity items and All wallets over a 700-entry catalog at
//   1,200 px/s, at 1× and 4× CPU: frame deltas, and in one more traced wheel scroll at 4× where the
//   main thread's time goes per frame (traceScroll.mjs: script, style, layout, paint, image decode, hit test).
// - gzip -9 sizes of the library build's Account and Send chunks and of its entry points.
// The balance and history answers are synthetic (page.route), the only non-real part; the demo
// page's state dump is hidden where frames are timed. Writes bench/RESULTS.md's account section.
// PARTS=scroll (a comma list of load, open, scroll, library; all by default) runs only those parts;
// without all of them only the scrolling subsection (its own markers, account-scroll) is written.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from '../../scripts/ensure-chromium.mjs'
import { launchBenchContext, scriptLog, writeResultsSection } from '../shared.mjs'
import { buildAll } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { tokenBalances } from './synthetic.mjs'
import { startConfigService } from '../../services/config/server.mjs'
import { WALLETS, syntheticWallets } from '../../services/config/catalog.mjs'
import { CATALOG_WALLETS, LISTS, TOKEN_COUNTS, TOKEN_ROW } from './settings.mjs'
import { demoCode } from './demoCode.mjs'
import { clickToFrameWithin, closeModal, connect, firstOpenTabs, openDemo, reloadConnected, requestsQuiet, routeBalances } from './pageSteps.mjs'
import { scrollFrames, tracedWheelFrames } from './rafScroll.mjs'
import { scrollRun } from './scrollRun.mjs'
import { libraryChunks } from './libraryChunks.mjs'
import { scrollSectionText } from './scrollSection.mjs'
import { accountSectionText } from './accountSection.mjs'

const ROUNDS = Number(process.env.ROUNDS ?? 5)
const ALL_PARTS = ['load', 'open', 'scroll', 'library']
const PARTS = new Set((process.env.PARTS ?? ALL_PARTS.join(',')).split(','))
for (const part of PARTS) if (!ALL_PARTS.includes(part)) throw new Error(`PARTS: no part ${part} (${ALL_PARTS.join(', ')})`)
/** Wheel scrolls traced (one page per throttle and list) after the rounds: where the main thread's time goes. */
const TRACE_ROUNDS = Number(process.env.TRACE_ROUNDS ?? 1)
/** The CPU throttles of the traced wheel scrolls (TRACE_THROTTLES=4,1; 4 by default). */
const TRACE_THROTTLES = (process.env.TRACE_THROTTLES ?? '4').split(',').map(Number)
const root = fileURLToPath(new URL('../../', import.meta.url))
process.chdir(root)
ensureChromium()
/**
 * The demo page as built, in a copy of its own: other work in this tree rebuilds demo/dist
 * (ensureBuilt) while the bench runs, and the stack serves this copy. A copy that does not match
 * the build's metafile (a rebuild between the two) is made again from a new build.
 */
async function builtDemoCopy() {
  for (let tries = 1; ; tries++) {
    const { demo } = await buildAll()
    const dir = mkdtempSync(join(tmpdir(), 'airlock-bench-demo-'))
    cpSync(join(root, 'demo'), dir, { recursive: true })
    const whole = Object.entries(demo.metafile.outputs).every(([path, out]) => {
      const file = join(dir, path.replace(/^demo\//, ''))
      return existsSync(file) && statSync(file).size === out.bytes
    })
    if (whole) return { demo, dir }
    rmSync(dir, { recursive: true, force: true })
    if (tries === 3) throw new Error('demo/dist changed under each of 3 builds')
  }
}
const { demo, dir: demoDir } = await builtDemoCopy()
const { split, accountCodeIn, fetchedGroups, startedChunks } = demoCode({ root, demo, demoDir })

/** Run `fn`, again once more if it throws (a page step timing out); the retries, with why. */
const retries = []
async function attempt(what, fn) {
  try {
    return await fn()
  } catch (error) {
    retries.push(`${what}: ${error.message.split('; the dialog said')[0]}`)
    console.warn(`${what}: ${error.message.split('\n')[0]}; once more`)
    return await fn()
  }
}

// --- Runs ---

const stack = await startDemoStack({ root: demoDir })
if (!stack.account) throw new Error('the demo stack started without its account services')
const catalogService = await startConfigService({ wallets: [...WALLETS, ...syntheticWallets(CATALOG_WALLETS - WALLETS.length)] })
const apiUrl = stack.account.apiUrl

const firstLoadPages = { withApi: '?namespaces=eip155', noApi: '?namespaces=eip155&blockchain=none' }
const loads = { withApi: [], noApi: [] }
const opens = Object.fromEntries(TOKEN_COUNTS.map((n) => [n, []]))
const scrolls = { 1: [], 4: [] }
const tracedScrolls = { 1: [], 4: [] }
/** The machine's 1-minute load average as each scroll page run started: what else competed for the cores. */
const scrollLoads = []
try {
  for (let i = 0; i < ROUNDS; i++) {
    // 1. A page that never opens Account: the JS before the first click.
    for (const [name, query] of PARTS.has('load') ? Object.entries(firstLoadPages) : []) {
      const load = await attempt(`first load ${name}`, async () => {
        const context = await launchBenchContext()
        try {
          const page = context.pages()[0] ?? (await context.newPage())
          const scripts = scriptLog(page)
          await openDemo(page, stack.url, query)
          const before = scripts()
          return { ...split(before), accountFiles: accountCodeIn(before), started: startedChunks(before) }
        } finally {
          await context.close()
        }
      })
      loads[name].push(load)
    }

    // 2. Click → Tokens' first row: after connecting, cold (first open after a reload that reconnected), warm.
    for (const count of PARTS.has('open') ? TOKEN_COUNTS : []) {
      const open = await attempt(`open with ${count} tokens`, async () => {
        const context = await launchBenchContext()
        try {
          const page = context.pages()[0] ?? (await context.newPage())
          const hits = await routeBalances(page, tokenBalances(count, apiUrl))
          const quiet = requestsQuiet(page)
          await openDemo(page, stack.url, '?namespaces=eip155', { hideState: true })
          await connect(page)
          await quiet()
          // The first Account open just after connecting: the modal and the plugins loaded with the Connect view.
          const afterConnect = await clickToFrameWithin(page, { click: '#open', shown: TOKEN_ROW }, { firstOpen: true })
          await reloadConnected(page, quiet)
          const scripts = scriptLog(page)
          const reads = hits.count
          const cold = await clickToFrameWithin(page, { click: '#open', shown: TOKEN_ROW }, { firstOpen: true })
          await quiet()
          const fetched = scripts()
          const coldReads = hits.count - reads
          const readAt = Date.now()
          await closeModal(page, TOKEN_ROW)
          const warmFrom = hits.count
          const warm = await clickToFrameWithin(page, { click: '#open', shown: TOKEN_ROW })
          // Once more with the demo's state dump shown, to say what hiding it leaves out.
          await page.evaluate(() => {
            const state = document.getElementById('state')
            state.style.display = ''
            state.closest('details').open = true
          })
          await closeModal(page, TOKEN_ROW)
          const warmStateShown = await clickToFrameWithin(page, { click: '#open', shown: TOKEN_ROW })
          if (Date.now() - readAt > 30_000) throw new Error('the warm opens came after the 30 s balance cache')
          const rows = await page.evaluate((row) => document.querySelector('airlock-modal')?.shadowRoot?.querySelectorAll(row).length, TOKEN_ROW)
          return {
            afterConnect,
            cold,
            warm,
            warmStateShown,
            coldReads,
            warmReads: hits.count - warmFrom,
            rows,
            fetched: fetchedGroups(fetched),
            fetchedSplit: split(fetched),
          }
        } finally {
          await context.close()
        }
      })
      opens[count].push(open)
    }

    // 3. Scrolling the three lists, at 1× and 4× CPU (throttled from the page's start).
    for (const throttle of PARTS.has('scroll') ? [1, 4] : []) {
      const scroll = await attempt(`scroll at ${throttle}×`, () => scrollRun(throttle, scrollFrames, { stack, catalogService, loads: scrollLoads }))
      scrolls[throttle].push(scroll)
      console.log(
        `scroll ${throttle}×: ${LISTS.map((list) => `${list} ${scroll[list].deltas.length} frames, ${scroll[list].perFrame.task.toFixed(1)} ms/frame; wheel ${scroll[`${list}Wheel`].updating} frames, ${scroll[`${list}Wheel`].dropped} dropped, ${scroll[`${list}Wheel`].partial} partial, CPU ${scroll[`${list}Wheel`].perFrame.cpu.toFixed(1)} ms/frame`).join('; ')}`,
      )
    }
    console.log(`round ${i + 1}/${ROUNDS} done`)
  }
  // 4. Where the scrolls' main-thread time goes: one traced wheel scroll of each list at each traced throttle per round.
  for (let i = 0; i < (PARTS.has('scroll') ? TRACE_ROUNDS : 0); i++)
    for (const throttle of TRACE_THROTTLES)
      tracedScrolls[throttle].push(
        await attempt(`traced scroll at ${throttle}×`, () => scrollRun(throttle, tracedWheelFrames, { stack, catalogService, loads: scrollLoads })),
      )
} finally {
  await catalogService.close()
  await stack.stop()
  rmSync(demoDir, { recursive: true, force: true })
}
// SCROLL_DATA=<file>: the scrolling part's figures saved there (JSON), to write its subsection again without measuring.
if (process.env.SCROLL_DATA && PARTS.has('scroll'))
  writeFileSync(process.env.SCROLL_DATA, JSON.stringify({ ROUNDS, TRACE_ROUNDS, scrolls, tracedScrolls, scrollLoads }))
const { libraryRows, entryRows } = PARTS.has('library') ? await libraryChunks() : {}

// --- The section ---

const version = JSON.parse(readFileSync('node_modules/playwright-core/package.json', 'utf8')).version
const scrollSection = () => scrollSectionText({ PARTS, ROUNDS, TRACE_ROUNDS, scrolls, tracedScrolls, scrollLoads })

if (ALL_PARTS.every((part) => PARTS.has(part))) {
  const section = accountSectionText({ ROUNDS, version, loads, opens, firstOpenTabs, retries, libraryRows, entryRows, scrollSection: scrollSection() })
  writeResultsSection(root, 'account', section)
  console.log(section)
} else if (PARTS.has('scroll')) {
  const section = scrollSection()
  writeResultsSection(root, 'account-scroll', section)
  console.log(section)
}
