/**
 * Issue 27 §1 and §2, in bytes (deterministic; the times are bench/peers'): the peer benchmark's
 * Airlock page (bench/peers/airlock/main.tsx: a ConnectButton on Ethereum mainnet, React DOM the
 * page's own), built as bench/peers/run.mjs builds every page (esbuild: esm, bundle, minify,
 * splitting, NODE_ENV production) against the library as published (bench/peers/airlockPackage.mjs:
 * the Rollup build of dist/lib, as a site installs it). Two figures, each with its budget:
 * - the critical path before the first click: main.js and its static imports, React DOM included;
 * - what the page prefetches when idle after loading (src/airlock/createAirlock.ts, `whenIdle`):
 *   the modal's chunk with its static imports and the bundled wallet catalog Connect's lists come
 *   from, less what the critical path holds already.
 * The prefetch holds no plugin: a plugin's chunk loads only when its switches (and the config API's
 * answer) say so, idle or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as esbuild from 'esbuild'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { buildAirlockPackage, PEER_PAGE_BUILD } from '../../bench/peers/airlockPackage.mjs'
import { idleMs } from '../support/until'

/**
 * Issue 27 §2's target is 108 KiB with React DOM (65.2 KiB of it here). Not met: the first load
 * was 138.9 KiB before issue 27 (c5774fb) and 140.0 KiB when these budgets were set (2026-11-29;
 * +0.6 KiB the idle prefetch and first-frame wait of §1, the rest the tree's other work), so the
 * budget holds that figure and the target stays open: meeting it means moving Airlock's own code
 * (38.4 KB of the page's 125.6 on 2026-12-02, file by file in bench/RESULTS.md "What the peer
 * page's critical path is made of": `node bench/peers/criticalSources.mjs`) out of the critical path.
 */
// Issue 27 §1 (session 37): the modal's strings tables and the secure frame's port shell out of it:
// 143,331 → 141,378 B at 21c4ebb; 141,770 B (138.4 KiB) with the kernel's plain folds (a797e98).
// Session 38: the page built against the library as published (its Rollup chunks, as a site
// installs it) instead of the source: 141,770 → 132,640 B (129.5 KiB) in 7 files (56 before).
// Session 38: Immer out of the first load (the kernel runs only folds; a plugin's Immer reducer
// becomes one in the plugins' chunks): 132,597 → 128,996 B (base 21e4da1 and it with those commits alone).
// 2026-11-29, issue 28's features (several wallets at once, the headless API's instance methods,
// ConnectButton.Custom; the four new chains cost the page nothing since every chain is marked pure,
// −667 B): 129,217 → 129,978 B. Budget 126.5 → 127 KiB, a regression issue 27 §1 must take back.
// Issue 27 §1 (6208c76, 908f16e): the connected wallets' list out of the airlock chunk (into airlock/react's,
// which the modal reads it from) and the wallet catalog's effects a chunk fetched at idle (MODAL_PREPARED)
// or the first open: 130,015 → 129,623 B (ee93ce0 and it with those commits alone); 129,696 B with
// 7115b75's embedded switch rule. Budget 127 → 126.75 KiB.
// Issue 27 §1: ConnectButtonCustom no longer rides on ConnectButton (an export of airlock/react/headless,
// 7586f8c: 129,740 → 129,500 B at 502c1e3), the failure mappings fetched when a request fails
// (1b78bab: 129,522 → 129,448 B), the connected wallets' selector in the modal's chunk, read by
// its Account view, not airlock/react's (2f901ca: 129,447 → 129,203 B): 129,154 B at 2f901ca.
// Budget 126.75 → 126.2 KiB.
// Issue 27 §1: the drawn account button (the balance's number formatting and ox's Value, the remote image's hook
// under them) a chunk fetched as a connection starts, not with the page: 129,150 → 127,027 B in 6
// files (7 before; e3c9595 and it with this change alone). Budget 126.2 → 124.11 KiB.
// 127,117 B with 316ceb2's first-load errors for an offline failure (+90 B). Budget 124.11 → 124.2 KiB.
// Issue 27 §1: a connected ConnectButton without its account button's chunk (offline) shows the short
// address and fetches the chunk again online or at a click, no longer "Connecting…" forever:
// 127,108 → 127,307 B (+199 B; 60c3e3b and it with this change alone). Budget +0.2 KiB: bytes for a
// bug's fix, a regression to take back.
// Issue 27 §1: a connect button prepares the modal on the visitor's intent (pointer over, focus:
// src/ui/react/prepareOnIntent.ts): 127,665 → 127,757 B (+92 B; 6802ed9 and it with this change
// alone). Budget 124.4 → 124.5 KiB. 6802ed9 is over 124.4 KiB already (127,665 B): not this change's.
// Issue 27 §1: the kernel's event and state hubs (e70707c, b5bd2b6: 1.47× the events folded per
// CPU second) +131 B here (127,120 → 127,251 B against d444334 with them alone). With the
// manifests' comments out of their objects (d263113) the page is 127,536 B at d263113: +419 B over
// the 127,117 B this budget held before the three changes (the account button's fix +199, the hubs
// +131, the intent +92). Budget 124.5 → 124.6 KiB: a regression to take back. The same changes took
// the idle prefetch from 39,842 to about 21,000 B (below), so what loads before the first click is
// about 18 KiB less in all.
// Issue 27 §1: the event codecs out of it (src/events/catalogue.ts's map of them built in a call
// marked pure, the library's top-level io-ts calls annotated pure: scripts/buildLibrary.mjs
// annotatePure): a page that decodes no event keeps none of the codecs only `decodeEvent` reads:
// 127,543 → 125,573 B (556f796 and it with this change alone). Budget 124.6 → 122.7 KiB.
const CRITICAL_PATH_BUDGET = 122.7 * 1024
/**
 * The files fetched before the button can show: main.js and its static imports. Each is one more
 * request on the page's six connections and one more module to instantiate; the page bundled from
 * src/ loaded 56 (esbuild cuts a chunk per set of lazy parts sharing modules) and showed its button
 * 2.4× later than with the 9 files of the first peer run (issue 27 §1).
 */
const CRITICAL_PATH_FILES = 7
const CRITICAL_PATH_TARGET = 108 * 1024
/**
 * The modal (its views, the focus trap, the theme's CSS, its strings tables) and the bundled
 * catalog: 31.0 KiB when set (31,769 B); 33,871 B since the strings tables left the critical path.
 */
// 2026-11-29, issue 28: the legal consent, the wallet guide's entry and the Account's list of
// connected wallets in the modal's chunk: 35,272 B. Budget 33.5 → 34.5 KiB (a regression to take
// back: the guide and the wallet list can be views of their own chunks).
// ee93ce0 (the guide's store names) took it to 35,350 B, over its budget. Issue 27 §1 (908f16e): the wallet
// catalog's effects fetched here, at idle, rather than on the critical path (a chunk of 1,144 B):
// 36,500 B, 36,487 B with 7115b75. Budget 34.5 → 35.7 KiB: bytes moved off the critical path, not
// new ones; the chunk is a lazy part of its own, so it compresses apart (in the airlock chunk it cost
// ~400 B of the critical path).
// The tree had taken it to 36,726 B at 3f173bd (over 35.7 KiB: not measured here which commit); issue 27
// §1 (2f901ca) moved the connected wallets' selector here from the critical path (36,726 → 36,975 B;
// −244 B there): 36,962 B at 2f901ca. Budget 35.7 → 36.16 KiB, that plus ~60 B: a regression to find
// and take back, less the 249 B moved off the critical path.
// Issue 27 §1: the account button's chunk (above) took its modules off the critical path; the
// modal's Account view reads them too (its avatar, its amounts), so they moved here, each a chunk of
// its own (the library groups a lazily loaded module by the lazy chunks that reach it: number,
// decimal, bigNumber, displayFormat, the remote image's hook and rule, ox's errors): 36,961 → 39,819 B
// in 18 files (11 before; e3c9595 and it with this change alone), −2,123 B there, +2,858 B here
// (+735 B in all: the six chunks' gzip apart). Budget 36.16 → 38.95 KiB: a regression to take back
// (the Account view and its modules as the account button's chunk, fetched as a connection starts,
// not at idle on a disconnected visitor's page; or those modules in one chunk).
// Issue 27 §1, taken back: Account's drawing (src/ui/views/AccountBody.tsx: the avatar, the balance's
// number formatting, the connected wallets) a chunk of its own, fetched as a connection starts or
// once one exists (src/ui/mount.tsx), not with the modal at idle on a disconnected visitor's page;
// the account button's modules go with it: 39,834 → 35,315 B in 11 files (17 before; 60c3e3b and it
// with this change alone). Budget 38.95 → 34.6 KiB.
// Issue 27 §1: the catalog's virtualised list and the QR encoder chunks of their own (b610c97,
// below): 35,336 → 20,990 B. Budget 34.6 → 20.6 KiB.
const IDLE_PREFETCH_BUDGET = 20.6 * 1024
/**
 * The modal's chunk and its static imports, less the critical path: what the first open waits for
 * when it comes before the idle prefetch (a cold click). Issue 27 §1: the catalog's virtualised list
 * with the virtualiser (src/ui/views/CatalogList.tsx) and the QR encoder (uqr) are chunks of their
 * own, fetched once the open modal is idle or by the view that draws them, since Connect's first
 * frame draws neither: 34,989 → 20,630 B at e70707c; 30,484 → 16,136 B at 6802ed9 (the idle
 * prefetch 35,336 → 20,990 B; 6802ed9 and it with this change alone). Budget that plus ~60 B.
 */
const MODAL_CLOSURE_BUDGET = 15.82 * 1024

const page = resolve('bench/peers/airlock')
let outdir = ''
let outputs: Record<string, esbuild.Metafile['outputs'][string]> = {}

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'airlock-first-open-'))
  const library = join(outdir, '.airlock')
  const airlock = await buildAirlockPackage(library)
  const result = await esbuild.build({ ...PEER_PAGE_BUILD, absWorkingDir: page, outdir, plugins: [airlock.plugin] })
  // Output paths relative to outdir, inputs relative to the repository: a file of the library's
  // build stands for the source files Rollup put in it.
  const sourcesOf = (input: string): string[] => {
    const path = resolve(page, input)
    const built = path.startsWith(`${library}/`) ? airlock.outputs[relative(library, path)] : undefined
    return built ? Object.keys(built.inputs) : [relative(resolve('.'), path)]
  }
  outputs = Object.fromEntries(
    Object.entries(result.metafile.outputs).map(([path, out]) => [
      relative(outdir, resolve(page, path)),
      {
        ...out,
        imports: out.imports.map((i) => ({ ...i, path: relative(outdir, resolve(page, i.path)) })),
        inputs: Object.fromEntries(Object.entries(out.inputs).flatMap(([input, value]) => sourcesOf(input).map((source) => [source, value]))),
      },
    ]),
  )
}, idleMs(120_000))

afterAll(() => rmSync(outdir, { recursive: true, force: true }))

function closure(entry: string): Set<string> {
  const seen = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    for (const imported of outputs[path]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path)
  }
  visit(entry)
  return seen
}
const chunkOf = (input: string) => Object.entries(outputs).find(([, out]) => input in out.inputs)?.[0]
const gz = (paths: Iterable<string>) => [...paths].reduce((sum, path) => sum + gzipSync(readFileSync(join(outdir, path)), { level: 9 }).length, 0)

describe("the peer page's first click (issue 27 §1, §2)", () => {
  it(`the modal's static closure holds neither the virtualiser nor the QR encoder, and stays within ${MODAL_CLOSURE_BUDGET / 1024} KiB gzip`, () => {
    const critical = closure('main.js')
    const modal = [...closure(chunkOf('src/ui/mount.tsx')!)].filter((path) => !critical.has(path))
    const held = modal.flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))
    expect(held).toContain('src/ui/views/AllWalletsView.tsx')
    expect(held.filter((input) => /node_modules\/(@tanstack|uqr)\//.test(input) || input === 'src/ui/views/CatalogList.tsx')).toEqual([])
    expect(gz(modal)).toBeLessThanOrEqual(MODAL_CLOSURE_BUDGET)
  })

  it(`the critical path before the first click, React DOM included, stays within ${(CRITICAL_PATH_BUDGET / 1024).toFixed(1)} KiB gzip (target ${CRITICAL_PATH_TARGET / 1024} KiB)`, () => {
    const critical = closure('main.js')
    const held = [...critical].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))
    expect(held).toContain('node_modules/react-dom/cjs/react-dom-client.production.js')
    expect(held).not.toContain('src/ui/mount.tsx')
    // Only the modal reads these: its strings tables, and the secure frame's port (made with the first plugin that names it).
    for (const input of ['src/ui/strings/en.ts', 'src/ui/strings/de.ts', 'src/embedded/portShell.ts']) expect(held).not.toContain(input)
    expect(gz(critical)).toBeLessThanOrEqual(CRITICAL_PATH_BUDGET)
  })

  it("holds no event codec only `decodeEvent` reads: the library's codecs are built in calls marked pure", () => {
    const text = [...closure('main.js')].map((path) => readFileSync(join(outdir, path), 'utf8')).join('\n')
    // What the page decodes as it starts (the stored values) or may (a site's `notify`) stays; the
    // names are the codecs' own (io-ts's name argument), in no other code.
    for (const kept of ['"StoredValues"', '"NotificationText"']) expect(text).toContain(kept)
    // The router's events, the catalog's requests, the transaction stack's outcomes: codecs only `decodeEvent` reads.
    for (const dropped of ['"RouteData"', '"WalletCatalogRequest"', '"TransactionOutcome"']) expect(text).not.toContain(dropped)
  })

  it(`the critical path is at most ${CRITICAL_PATH_FILES} files`, () => {
    expect(closure('main.js').size).toBeLessThanOrEqual(CRITICAL_PATH_FILES)
  })

  it(`what the page prefetches at idle (the modal, the bundled catalog and its effects) is apart from it, within ${IDLE_PREFETCH_BUDGET / 1024} KiB gzip, and holds no plugin`, () => {
    const critical = closure('main.js')
    const modal = chunkOf('src/ui/mount.tsx')
    const catalog = chunkOf('src/remote/config/bundled/index.ts')
    // The catalog's effects, fetched at idle too (MODAL_PREPARED), off the critical path.
    const catalogEffects = chunkOf('src/core/walletCatalog/effects.ts')
    expect(modal).toBeDefined()
    expect(catalog).toBeDefined()
    expect(catalogEffects).toBeDefined()
    expect(critical.has(catalogEffects!)).toBe(false)
    const prefetched = new Set([...closure(modal!), ...closure(catalog!), ...closure(catalogEffects!)].filter((path) => !critical.has(path)))
    expect(prefetched.has(modal!)).toBe(true)
    const held = [...prefetched].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))
    expect(held).toContain('src/ui/views/ConnectView.tsx')
    // Account's drawing and the account button's modules wait for a connection.
    for (const input of ['src/ui/views/AccountBody.tsx', 'src/format/number.ts', 'src/ui/components/Avatar.tsx']) expect(held).not.toContain(input)
    expect(held.filter((input) => /^src\/plugins\/[^/]+\/index\.ts$/.test(input))).toEqual([])
    const bytes = gz(prefetched)
    expect(bytes).toBeGreaterThan(0)
    expect(bytes).toBeLessThanOrEqual(IDLE_PREFETCH_BUDGET)
  })
})
