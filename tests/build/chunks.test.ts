/**
 * Each feature plugin's code is its own chunk, reached from the entry points only by a dynamic
 * import: a page whose features are off never fetches it (DESIGN: "features gated only in the UI
 * while their code still ships" is what we avoid). A plugin's views are chunks of their own too,
 * reached only by a dynamic import from the plugin's module: enabling a feature fetches its UI only
 * when a visitor goes there (issue 11 §1).
 */
import { describe, expect, it, beforeAll } from 'vitest'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildLibrary } from '../../esbuild.config.mjs'
import type { LibraryOutput } from '../../scripts/buildLibrary.mjs'
import { idleMs } from '../support/until'

const PLUGINS = ['email', 'socials', 'embeddedWallet', 'swap', 'onramp', 'receive', 'tokens', 'identity', 'nfts', 'activity', 'send', 'names', 'siwx', 'pay']
type Output = LibraryOutput

let outputs: Record<string, Output> = {}
let outdir = ''
/** The example plugins, built as a site would build them (manifest as the entry). */
let exampleOutputs: Record<string, Output> = {}
let exampleOutdir = ''

/** Every output a page fetches before any dynamic import runs, starting from one entry. */
function staticClosure(entry: string, of: Record<string, Output> = outputs): Set<string> {
  const seen = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    for (const imported of of[path]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(entry)
  return seen
}

/** Build `entryPoints` (default: the library's) as the library is built, into `dir`. */
async function build(dir: string, entryPoints?: Record<string, string>): Promise<Record<string, Output>> {
  return (await buildLibrary({ outdir: dir, ...(entryPoints && { entryPoints }) })).outputs
}

/** The view sources of the plugins under `root` (`<root>/<plugin>/views/*.tsx`), by plugin folder. */
function pluginViews(root: string): { plugin: string; index: string; view: string }[] {
  return readdirSync(root)
    .filter((name) => statSync(join(root, name)).isDirectory() && existsSync(join(root, name, 'views')))
    .flatMap((name) =>
      readdirSync(join(root, name, 'views'))
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\./.test(file))
        .map((file) => ({ plugin: name, index: `${root}/${name}/index.ts`, view: `${root}/${name}/views/${file}` })),
    )
}

const EXAMPLES = readdirSync('examples').filter((name) => existsSync(join('examples', name, 'manifest.ts')))

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'airlock-chunks-'))
  exampleOutdir = mkdtempSync(join(tmpdir(), 'airlock-example-chunks-'))
  outputs = await build(outdir)
  exampleOutputs = await build(exampleOutdir, Object.fromEntries(EXAMPLES.map((name) => [name, `examples/${name}/manifest.ts`])))
  return () => {
    rmSync(outdir, { recursive: true, force: true })
    rmSync(exampleOutdir, { recursive: true, force: true })
  }
  // Two library builds: seconds on an idle machine, more on a busy one.
}, idleMs(120_000))

describe('plugin chunks', () => {
  for (const entry of ['index.js', 'react.js']) {
    it(`${entry} and its static imports hold no plugin module`, () => {
      const closure = staticClosure(entry)
      expect(closure.size).toBeGreaterThan(0)
      for (const path of closure) {
        const inputs = Object.keys(outputs[path]?.inputs ?? {})
        for (const plugin of PLUGINS) expect(inputs).not.toContain(`src/plugins/${plugin}/index.ts`)
      }
    })
  }

  for (const plugin of PLUGINS) {
    it(`the ${plugin} plugin is a chunk of its own, imported dynamically from index.js`, () => {
      const chunk = Object.entries(outputs).find(([, out]) => `src/plugins/${plugin}/index.ts` in out.inputs)
      expect(chunk).toBeDefined()
      const [path] = chunk ?? ['']
      expect(path).not.toBe('index.js')
      const dynamicFromEntry = staticClosure('index.js')
      const importers = [...dynamicFromEntry].filter((p) => outputs[p]?.imports.some((i) => i.path === path && i.kind === 'dynamic-import'))
      expect(importers.length).toBeGreaterThan(0)
      // No other plugin shares the chunk.
      for (const other of PLUGINS.filter((p) => p !== plugin)) expect(Object.keys(outputs[path]?.inputs ?? {})).not.toContain(`src/plugins/${other}/index.ts`)
    })
  }
})

describe('plugin view chunks (issue 11 §1: a view loads when first shown)', () => {
  const cases = [
    ...pluginViews('src/plugins').map((c) => ({ ...c, of: () => outputs, entries: ['index.js', 'react.js'] })),
    ...pluginViews('examples').map((c) => ({ ...c, of: () => exampleOutputs, entries: [`${c.plugin}.js`] })),
  ]

  it('there are plugin views to check (at least the example plugin has one)', () => {
    expect(cases.map((c) => c.view)).toContain('examples/sign-message-plugin/views/SignMessageView.tsx')
  })

  for (const { plugin, index, view, of, entries } of cases) {
    it(`${view} is a chunk apart from the ${plugin} plugin's module, reached only by a dynamic import`, () => {
      const all = of()
      const chunkOf = (input: string) => Object.entries(all).find(([, out]) => input in out.inputs)?.[0]
      const viewChunk = chunkOf(view)
      const indexChunk = chunkOf(index)
      expect(viewChunk).toBeDefined()
      expect(indexChunk).toBeDefined()
      expect(viewChunk).not.toBe(indexChunk)
      const importers = Object.entries(all).filter(([, out]) => out.imports.some((i) => i.path === viewChunk))
      expect(importers.length).toBeGreaterThan(0)
      for (const [, out] of importers) expect(out.imports.filter((i) => i.path === viewChunk).map((i) => i.kind)).toEqual(['dynamic-import'])
      // Neither the page's entries nor the plugin's module fetch it before it is shown.
      for (const entry of [...entries, indexChunk ?? '']) expect([...staticClosure(entry, all)]).not.toContain(viewChunk)
    })
  }

  for (const name of EXAMPLES) {
    it(`the ${name} example's module is a chunk apart from its manifest, reached by a dynamic import`, () => {
      const manifestChunk = `${name}.js`
      const indexChunk = Object.entries(exampleOutputs).find(([, out]) => `examples/${name}/index.ts` in out.inputs)?.[0]
      expect(indexChunk).toBeDefined()
      expect(indexChunk).not.toBe(manifestChunk)
      expect([...staticClosure(manifestChunk, exampleOutputs)]).not.toContain(indexChunk)
    })
  }
})

describe('the WalletConnect chunk', () => {
  const CLIENT = 'src/connectors/walletconnect/client.ts'
  for (const entry of ['index.js', 'react.js']) {
    it(`${entry} and its static imports neither hold the relay client nor import sign-client`, () => {
      for (const path of staticClosure(entry)) {
        expect(Object.keys(outputs[path]?.inputs ?? {})).not.toContain(CLIENT)
        const statics = (outputs[path]?.imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => i.path)
        expect(statics.filter((p) => p.startsWith('@walletconnect/'))).toEqual([])
      }
    })
  }

  // Issue 11 §2: the effects, the session provider and the session decoding load with the
  // visitor's choice of WalletConnect (or a stored session), not with the page.
  const LAZY = ['effects', 'establish', 'followSession', 'relayRuntime', 'sessionProvider', 'sessionAccounts', 'namespaces'].map(
    (name) => `src/connectors/walletconnect/${name}.ts`,
  )
  for (const entry of ['index.js', 'react.js']) {
    it(`${entry} and its static imports hold none of the WalletConnect effects, session provider or session decoding`, () => {
      const held = [...staticClosure(entry)].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))
      expect(held.length).toBeGreaterThan(0)
      for (const input of LAZY) expect(held).not.toContain(input)
    })
  }

  it('index.js and its static imports do not hold the chain RPC client: it loads with the first chain read', () => {
    const held = [...staticClosure('index.js')].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))
    expect(held).not.toContain('src/remote/rpc/client.ts')
  })

  it('the WalletConnect effects are reached from index.js by a dynamic import only', () => {
    const [path] = Object.entries(outputs).find(([, out]) => 'src/connectors/walletconnect/effects.ts' in out.inputs) ?? ['']
    expect(path).not.toBe('')
    const importers = Object.entries(outputs).filter(([, o]) => o.imports.some((i) => i.path === path))
    expect(importers.length).toBeGreaterThan(0)
    for (const [, o] of importers) expect(o.imports.filter((i) => i.path === path).map((i) => i.kind)).toEqual(['dynamic-import'])
    expect(importers.some(([p]) => staticClosure('index.js').has(p))).toBe(true)
  })

  it('the relay client is a chunk of its own, the only one importing sign-client, reached by a dynamic import', () => {
    const chunk = Object.entries(outputs).find(([, out]) => CLIENT in out.inputs)
    expect(chunk).toBeDefined()
    const [path, out] = chunk!
    expect(out.imports.some((i) => i.path === '@walletconnect/sign-client' && i.external)).toBe(true)
    const importers = Object.entries(outputs).filter(([, o]) => o.imports.some((i) => i.path === path))
    expect(importers.length).toBeGreaterThan(0)
    for (const [, o] of importers) expect(o.imports.find((i) => i.path === path)?.kind).toBe('dynamic-import')
    const others = Object.entries(outputs).filter(([p, o]) => p !== path && o.imports.some((i) => i.path.startsWith('@walletconnect/sign-client')))
    expect(others.map(([p]) => p)).toEqual([])
  })
})

describe('the wallet-connection chunk', () => {
  // Issue 11: connect, follow, balance, switch, disconnect and restore, with the listeners on the
  // wallets' events, load with the first need of a wallet, not with the page; discovery stays.
  const LAZY = ['walletEffects', 'connect', 'follow', 'balance', 'switchNetwork', 'disconnect', 'restore'].map((name) => `src/connectors/effects/${name}.ts`)
  const held = (entry: string) => [...staticClosure(entry)].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))

  for (const entry of ['index.js', 'react.js']) {
    it(`${entry} and its static imports hold none of the wallet-connection effects nor the wallet listeners`, () => {
      const first = held(entry)
      expect(first.length).toBeGreaterThan(0)
      for (const input of [...LAZY, 'src/connectors/walletWatches.ts']) expect(first).not.toContain(input)
    })
  }

  it('index.js holds the trigger and discovery: they must listen from the start', () => {
    expect(held('index.js')).toEqual(
      expect.arrayContaining(['src/connectors/effects/start.ts', 'src/connectors/effects/discover.ts', 'src/connectors/eip6963.ts']),
    )
  })

  it('the wallet-connection effects are one chunk, reached from index.js by a dynamic import only', () => {
    const [path] = Object.entries(outputs).find(([, out]) => 'src/connectors/effects/walletEffects.ts' in out.inputs) ?? ['']
    expect(path).not.toBe('')
    for (const input of LAZY) expect(Object.keys(outputs[path]?.inputs ?? {})).toContain(input)
    const importers = Object.entries(outputs).filter(([, o]) => o.imports.some((i) => i.path === path))
    expect(importers.length).toBeGreaterThan(0)
    for (const [, o] of importers) expect(o.imports.filter((i) => i.path === path).map((i) => i.kind)).toEqual(['dynamic-import'])
    expect(importers.some(([p]) => staticClosure('index.js').has(p))).toBe(true)
  })
})

describe('the Solana and Bitcoin chunks (issue 12)', () => {
  // An EVM-only page never fetches Solana or Bitcoin code: adapters, Wallet Standard and Bitcoin
  // provider discovery, and their libraries load with a configured network of those namespaces.
  const LAZY_INPUTS = [
    'src/chains/solana/adapter.ts',
    'src/chains/solana/transfer.ts',
    'src/chains/bip122/adapter.ts',
    'src/chains/bip122/address.ts',
    'src/connectors/namespaceWallets.ts',
    'src/connectors/walletStandard/discover.ts',
    'src/connectors/walletStandard/solana.ts',
    'src/connectors/walletStandard/bitcoin.ts',
    'src/connectors/bitcoinProviders.ts',
    'src/remote/rest.ts',
  ]
  const LAZY_PACKAGES = ['@solana/kit', '@solana-program/system', '@wallet-standard/app', '@scure/base']

  for (const entry of ['index.js', 'react.js']) {
    it(`${entry} and its static imports hold no Solana or Bitcoin adapter, discovery or library`, () => {
      const closure = [...staticClosure(entry)]
      const held = closure.flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))
      expect(held.length).toBeGreaterThan(0)
      for (const input of LAZY_INPUTS) expect(held).not.toContain(input)
      const packages = closure.flatMap((path) => (outputs[path]?.imports ?? []).filter((i) => i.external && i.kind === 'import-statement').map((i) => i.path))
      for (const name of LAZY_PACKAGES) expect(packages.filter((p) => p === name || p.startsWith(`${name}/`))).toEqual([])
    })
  }

  for (const input of ['src/chains/solana/adapter.ts', 'src/chains/bip122/adapter.ts', 'src/connectors/namespaceWallets.ts', 'src/chains/solana/transfer.ts']) {
    it(`${input} is reached by dynamic imports only`, () => {
      const [path] = Object.entries(outputs).find(([, out]) => input in out.inputs) ?? ['']
      expect(path).not.toBe('')
      const importers = Object.entries(outputs).filter(([, o]) => o.imports.some((i) => i.path === path))
      expect(importers.length).toBeGreaterThan(0)
      for (const [, o] of importers) expect(o.imports.filter((i) => i.path === path).map((i) => i.kind)).toEqual(['dynamic-import'])
    })
  }

  it('the SOL transfer builder (@solana/kit, the system program) is apart from the adapter: connecting does not fetch it', () => {
    const chunkOf = (input: string) => Object.entries(outputs).find(([, out]) => input in out.inputs)?.[0]
    const adapter = chunkOf('src/chains/solana/adapter.ts')
    expect(adapter).toBeDefined()
    expect(chunkOf('src/chains/solana/transfer.ts')).not.toBe(adapter)
    const statics = [...staticClosure(adapter!)].flatMap((p) =>
      (outputs[p]?.imports ?? []).filter((i) => i.external && i.kind === 'import-statement').map((i) => i.path),
    )
    expect(statics.filter((p) => p.startsWith('@solana/'))).toEqual([])
  })
})

/**
 * Byte budgets (gzip -9) of the library build, dependencies external as a site's bundler sees
 * them. Bytes do not vary from run to run, so these are tests; timings stay in bench/. Raising a
 * budget is a decision to record in the commit that does it.
 */
// Issue 11: the first load no larger than before it (index.js 53,230 B in 5 files, react.js
// 8,586 B, esbuild's chunking). Making the wallet and WalletConnect effects lazy cut esbuild's
// first load into 23 files, 56,354 B gzipped one by one, though their code concatenated had shrunk
// (51,825 → 50,808 B). Built with Rollup (scripts/buildLibrary.mjs), which does not cut out what a
// dynamic import finds loaded already: index.js 49,142 B in 4 files, react.js 8,116 B.
// Issue 12: multi-namespace connections in the core (a multi-chain wallet's connect, the network of
// a namespace, SwitchActiveChain, a reset of one namespace of several, REST reads for bip122)
// brought index.js to 50,086 B and react.js to 8,370 B; Solana and Bitcoin code stays out of them.
// The receive plugin's manifest and view (issue 13 §3): index.js 50,164 B; react.js 8,589 B in 5
// files (Rollup gives the UI modules shared by react.js and a plugin view a chunk of their own).
// The tokens plugin cut react.js into 6 files (8,934 B) with the same code. Since then each entry
// point's static closure is one chunk behind a facade (scripts/buildLibrary.mjs `entryChunks`), the
// core reached by both in index.js's: index.js 48,968 B in 2 files. react.js's closure now holds
// that core too, so its figure is a React site's whole first load: 54,097 B in 3 files, against
// 56,454 B in 7 for index.js and react.js together before.
// The rest of issue 13: the manifests of the tokens, identity, NFTs and activity plugins (each
// eager and tiny; their modules load on the modal's first open), the plugin host's deferral, and
// the wallet port's transfer methods: index.js 49,774 B, react.js 54,936 B.
// Issue 14: the embedded wallet's three manifests (email, socials, the embedded-wallet plugin; on by
// default, SPEC §9, but loaded only with a project id and a secure site), its core events, the
// `embedded` port's shell (its frame host and provider are a chunk loaded on first use), and the
// Account's signed-in line: index.js 51,834 B, react.js 57,223 B.
// Issue 15: the sign-in config's check and its port (`createSiwxPort`), `createSessionsSiwx` (a
// site that does not call it tree-shakes it), the wallet port's waitForTransaction and signIn,
// and Account actions shown only to an account with no name: index.js 53,237 B, react.js 58,619 B.
// Issue 24 §3: the `analytics` option's codec and the dynamic import of its sender (a chunk of its
// own, fetched only with the option): index.js 53,570 B, react.js 58,950 B (53,441 and 58,821 before).
// Issue 24: plugins the config API's answer could switch off wait for it, and `open` of their view
// too: index.js 53,754 B, react.js 59,132 B.
// Issue 25 §4: the page-side buttons styled and themed (their stylesheet, the theme's palettes now
// in the first load rather than the modal's chunk, a drawn avatar and network icons) and the
// primitives plugin views build with (Button, TextInput, Select, List, Row, Facts, Amount, Section,
// TokenIcon, exported from airlock/react): react.js 59,537 → 65,180 B (+5,643 B: the buttons and
// their CSS +4,284 B, the primitives +1,359 B); index.js unchanged.
// Issue 25 §3 and §2: `getServerState` (the options-only state a server and a hydrating browser
// share, for Next.js) and two names the airlock/solana entry shares: index.js 53,886 B.
// Issue 25: the primitives moved to an entry of their own, `airlock/plugin` (below), which a page
// without a plugin of its own never loads: react.js 63,675 B (the buttons and their CSS, +4,138 B
// over issue 24), index.js 53,895 B.
// Issue 26 §5: amounts in the visitor's locale (the account button's balance), `setLocale`, and
// `ready()` waiting for a reload's restore (5 s at most): index.js 54,011 B, react.js 64,016 B.
// Issue 27 (session 36), measured on the tree of 2026-11-29: the kernel's lazy drafts
// (src/kernel/lazyDraft.ts, +0.5 KiB: 1.3× the events per CPU second), the idle prefetch of the
// modal (src/airlock/idle.ts, +0.4 KiB: the first open drawn in the next frame), EIP-6963's
// impersonation rule (+0.3 KiB) and Wallet Standard discovery per window (+0.2 KiB): index.js
// 54,658 B, react.js 64,645 B. A regression issue 27 §1 takes back (its critical-path target is
// 108 KiB with React DOM; tests/build/firstOpen.test.ts), so the budget is raised by 1 KiB only.
// Issue 27 §1 (session 37): the secure frame's port shell made with the first plugin naming it (a
// manifest's `ports`), createSessionsSiwx's client fetched at its first call, and the page-side
// buttons' six strings apart from the modal's tables (which moved to the modal's chunk): index.js
// −458 B (54,658 → 54,200 B at 21c4ebb), react.js 64,645 → 62,191 B. The kernel's plain folds
// (a797e98, src/kernel/patch.ts: 2.1× the events per CPU second) then added 591 B: index.js 54,791 B,
// react.js 62,784 B. react.js's budget is taken back below its raise; index.js's stays, under it by 249 B.
// Issue 27 §1 (session 38): the last six core reducers are folds and the kernel runs only folds
// (Immer, external here, is no longer imported by the entry; src/kernel/foldOfReduce.ts turns a
// plugin's reduce into a fold in the plugins' chunks): index.js 55,003 → 54,929 B, react.js
// 62,994 → 62,920 B (base 21e4da1 and it with these commits alone). Both budgets lowered to that plus ~60 B.
// 2026-11-29, on 3883f14 → the tree with issue 28's first commits: the kernel's leaner bookkeeping
// took index.js 54,922 → 54,778 B, which SPEC §8's messages raised again ("WalletConnectConnector
// not found", the Network Not Found alert): index.js 54,900 B, within its budget. react.js
// 62,910 → 63,265 B (+355): the six locales (issue 28 §4) — every table but English is a chunk
// fetched when asked for, which took German out of the modal's chunk and ~3 KB of translations out
// of the plugins' chunks, but the page-side buttons now watch for a table's arrival and start its
// fetch (src/ui/strings/tables.ts, useLocale.ts) — plus those messages. Budget 61.5 → 61.8 KiB: a
// regression for issue 27 §1 to take back (a smaller tables.ts gave 2 B; the matching belongs in
// the loader's chunk, the buttons reading only the table stored under the locale asked for).
// 2026-11-29, 645c1f8 → 537012e, issue 28's features: several wallets at once (the connection
// list, its four events, the storage mirror's cases, switch and disconnect-one commands: index.js
// +1,050 B, react.js +1,125 B with useConnections), the headless API (connect by a wallet's id or a
// namespace, watchWallets/watchConnectMethods' lazy loader: index.js +202 B; the hooks and
// ConnectButton.Custom: react.js +684 B — a site's bundler drops the hooks it does not import),
// four built-in chains (+263 B here, while a site's page now keeps only the chains it imports:
// −667 B on the peer page), the pay plugin's manifest and `pay` wrapper (+109 B): index.js
// 54,917 → 56,772 B, react.js 63,272 → 65,719 B. Budgets 53.7 → 55.5 KiB and 61.8 → 64.25 KiB: a
// regression issue 27 §1 must take back (the connection list's codecs and the switch commands can
// load with the second wallet; ConnectButton.Custom can be an export of its own).
// Issue 27 §1 (6208c76, 908f16e), taking issue 28's raise back: the connected wallets' list
// (selectConnectedWallets) in a file only the modal and airlock/react read (6208c76: index.js
// 56,819 → 56,499 B), the wallet catalog's effects a chunk fetched at the first need, MODAL_PREPARED
// at idle or an opening (908f16e: 56,499 → 55,981 B); react.js 65,767 → 65,256 B (ee93ce0 and it
// with these commits alone). With 7115b75 (SPEC 4.35's embedded switch rule, +109 B): index.js
// 56,090 B, react.js 65,364 B. Budgets 55.5 → 54.85 KiB and 64.25 → 63.9 KiB, that plus ~60 B.
// Still over issue 28's start (54,917 and 63,272 B): the connection list's reducer cases and
// codecs, the switch commands and the headless hooks remain in the first load.
// Issue 27 §1, taking more of it back: the headless hooks and ConnectButtonCustom (was
// ConnectButton.Custom) an entry of their own, airlock/react/headless (7586f8c: react.js 65,431 →
// 64,953 B); the instance's failure mappings a chunk fetched when a request fails (1b78bab: index.js
// 56,170 → 56,086 B, react.js 64,971 → 64,888 B); useConnections in airlock/react/headless, the
// connected wallets' selector with it (2f901ca: react.js 64,885 → 64,465 B). At 2f901ca: index.js
// 56,011 B, react.js 64,398 B (the tree's other work since 502c1e3 in both). Budgets 54.85 → 54.76 KiB
// and 63.9 → 62.95 KiB, that plus ~60 B. Still over issue 28's start (54,917 and 63,272 B) by
// 1,094 and 1,126 B, nearly all index.js's (react.js's closure holds it): the connection list's
// reducer cases and codecs and the switch commands remain in the first load.
// Issue 27 §1: the drawn account button (src/ui/react/components/accountButton.tsx: the avatar's use, the
// balance's number formatting, the remote image's rule) a chunk fetched as a connection starts, the
// ConnectButton saying "Connecting…" until it is in: react.js 64,403 → 62,574 B, index.js 56,013 →
// 56,012 B (e3c9595 and it with this change alone). react.js's budget 62.95 → 61.17 KiB, that plus ~60 B.
// Issue 27 §3 (316ceb2): offline, a failed connect, switch or disconnect makes its error from the
// first load's own classes when the failure mappings' chunk cannot be fetched (it rejected with the
// import's error): index.js 56,012 → 56,110 B, react.js 62,574 → 62,691 B. Budgets 54.76 → 54.85 KiB
// and 61.17 → 61.28 KiB: bytes for a correct error, a regression issue 27 §1 must take back.
// Issue 27 §1: a connected ConnectButton whose account button's chunk is missing (offline, a network
// blip) shows the short address (its own module, src/ui/components/shortAddress.ts) and fetches the
// chunk again when the window is back online or at a click, where it said "Connecting…" forever:
// react.js 62,714 → 62,999 B, index.js 56,136 → 56,135 B (60c3e3b and it with this change alone).
// react.js's budget 61.28 → 61.58 KiB, that plus ~60 B: bytes for a bug's fix, a regression to take back.
const ENTRY_BUDGETS: Record<string, number> = { 'index.js': 54.85 * 1024, 'react.js': 61.58 * 1024 }
// Issue 27 §1: ConnectButton prepares the modal on the visitor's intent (src/ui/react/prepareOnIntent.ts):
// react.js 62,693 → 62,821 B (+128 B; e70707c and it with this change alone). Its budget + 0.13 KiB.
ENTRY_BUDGETS['react.js'] = (ENTRY_BUDGETS['react.js'] ?? 0) + 0.13 * 1024
const PLUGIN_CHUNK_BUDGET = 1024
/**
 * Plugins that carry a feature (state, reducer, strings in every locale; their views and most
 * effects are chunks of their own). Send's strings alone are 1.5 KiB: its effects load at the
 * form's first step.
 */
const FEATURE_PLUGIN_CHUNK_BUDGETS: Record<string, number> = {
  tokens: 2 * 1024,
  identity: 1.5 * 1024,
  nfts: 2.25 * 1024,
  activity: 3.25 * 1024,
  // Issue 26 §2: + its own read of the balances through the account-data service (SEND_BALANCES_READ; no longer the tokens plugin's slice) and TRANSACTION_SETTLED: 4,761 B.
  send: 4.75 * 1024,
  // Issue 14: the sign-in flows' effects and their strings in two locales (views apart).
  email: 4 * 1024,
  // Issue 26 §3: + the Farcaster link and back rule, out of the core (index.js 53,990 → 53,121 B with the rest of the step).
  socials: 4.25 * 1024,
  // Issue 23 §3: + the recovery views' events and strings (the code is shown and typed in the frame;
  // the recovery effects are a chunk of their own, loaded at the first recovery event).
  // Issue 26 §3: + raising the frame's SPEC §8 alerts itself, out of the core, and its connector (a module's `connectors`).
  // Issue 26 §3: + adding that connector on the namespaces the frame's READY names (served.ts: 5,535 → 5,607 B), and
  // §4's defineEvents: 5,652 B.
  embeddedWallet: 5.625 * 1024,
  // Issue 15: each loads when its feature is on (onramp and names at the modal's first open); the
  // effects (and the sign-in's message format) and the views are chunks of their own.
  // Issue 26 §2: + its own read of the balances through the account-data service (SWAP_BALANCES_READ) and TRANSACTION_SETTLED: 4,208 B.
  swap: 4.25 * 1024,
  onramp: 4.75 * 1024,
  names: 3.5 * 1024,
  // Issue 28 §5 (5cc8916): a partial disconnect keeps the sign-in (endsSignIn, and the reducer's
  // DISCONNECT_SUCCESS of another namespace): 3,584 → 3,629 B; a bug fix, so the budget takes it.
  // Issue 27 §1: the codecs' pure annotations (scripts/buildLibrary.mjs annotatePure) +9 B here: 3,657 B,
  // for 1,980 B less on the peer page's critical path (tests/build/firstOpen.test.ts).
  siwx: 3.578 * 1024,
  // Issue 28 §4: pay with an exchange (feature `pay`, off by default; loaded at the modal's first open
  // with it on): the payment's codec, its events, the exchanges' API calls, the popup and the status
  // polling, strings (other locales apart; the view apart, 1,485 B): 4,930 B. Its effects could be
  // a lazyEffects chunk as the on-ramp's are.
  pay: 4.875 * 1024,
}
const WALLETCONNECT_CHUNK_BUDGET = 2 * 1024
/** The embedded wallet's frame host and provider (src/embedded/live.ts), loaded on first use. */
/**
 * 5 KiB since the frame approves for itself (issue 23): the host places the frame over ApproveTransaction and cancels approvals it did not ask for;
 * 5.125 KiB with the recovery code's two app events and the WALLET_RECOVERY_NEEDED message (issue 23 §3);
 * 5.625 KiB (5,712 B) since a frame that goes away fails what it was asked at once and the next request restores the session in a fresh one (issue 27 §3, 36646d6);
 * 5.66 KiB (5,785 B) since a frame that says LOADING is waited for up to 20 s, not taken for a refused one after 3 s of silence (a slow start under load failed a request in CI).
 */
const EMBEDDED_LIVE_BUDGET = 5.66 * 1024
/** Issue 12's lazy chunks (and later ones loaded the same way), our code only (the libraries are external here; bench/namespaces measures them bundled). */
const NAMESPACE_CHUNK_BUDGETS: Record<string, number> = {
  // Issue 23 §3: the embedded wallet's recovery effects, fetched at the first recovery event (not with its plugin).
  // 1,152 → 1,160 B with no change of its own: the names it imports from the shared react chunk are
  // minified per chunk, and that chunk's exports grew (airlock/react/headless, issue 27 §1); 1.14 KiB.
  'src/plugins/embeddedWallet/recovery.ts': 1.14 * 1024,
  'src/chains/solana/adapter.ts': 3.5 * 1024,
  'src/chains/bip122/adapter.ts': 3.5 * 1024,
  'src/connectors/namespaceWallets.ts': 9.5 * 1024,
  // Issue 24 §3: the analytics sender (batches, beacons, the payloads' address stripping), fetched only with the option.
  // Issue 28 §1: + the SDK's error reports to the same server (SPEC §7 POST /e, 5 per 60 s), in the same chunk: 1,735 → 2,376 B.
  'src/remote/analytics/sender.ts': 2.375 * 1024,
  // Issue 26 §1: the Blockchain API's request code and the core's calls, fetched with the first call (3,217 B
  // with swap's, names', the on-ramp's and the sessions calls; those moved into their plugins' effects chunks: 2,029 B).
  'src/remote/blockchain/calls.ts': 2.125 * 1024,
  // Issue 28 §4: `pay(airlock, request)`'s body, fetched on its first call (index.js holds a one-line wrapper): 607 B.
  'src/airlock/pay.ts': 0.625 * 1024,
  // Issue 27 §1: what a connection fetches as it starts: the drawn account button (963 B) and
  // Account's drawing (the identity, the balance, the connected wallets: 3,419 B), 77330d5.
  'src/ui/react/components/accountButton.tsx': 1 * 1024,
  'src/ui/views/AccountBody.tsx': 3.4 * 1024,
}

describe('size budgets', () => {
  const gz = (path: string) => gzipSync(readFileSync(join(outdir, path)), { level: 9 }).length
  for (const [entry, budget] of Object.entries(ENTRY_BUDGETS)) {
    it(`${entry} with its static imports stays within ${(budget / 1024).toFixed(1)} KiB gzip`, () => {
      const total = [...staticClosure(entry)].reduce((sum, path) => sum + gz(path), 0)
      expect(total).toBeGreaterThan(0)
      expect(total).toBeLessThanOrEqual(budget)
    })
  }

  it("index.js and react.js hold neither the secure frame's port shell nor the sessions client (issue 27 §1: each a chunk fetched at first use)", () => {
    for (const entry of ['index.js', 'react.js']) {
      const held = [...staticClosure(entry)].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))
      expect(held).toContain('src/airlock/createAirlock.ts')
      for (const input of ['src/embedded/portShell.ts', 'src/remote/siwx/sessionsClient.ts']) expect(held).not.toContain(input)
    }
  })

  it("index.js holds neither the wallet catalog's effects nor the connected wallets' list (issue 27 §1: fetched at the first need; read only by the modal and airlock/react)", () => {
    const held = [...staticClosure('index.js')].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))
    expect(held).toContain('src/core/walletCatalog/lazy.ts')
    for (const input of ['src/core/walletCatalog/effects.ts', 'src/core/connection/walletsSelectors.ts']) expect(held).not.toContain(input)
    const react = [...staticClosure('react.js')].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))
    expect(react).not.toContain('src/core/walletCatalog/effects.ts')
  })

  it("react.js holds neither the drawn account button nor what only it needs, the balance's number formatting (issue 27 §1: a chunk fetched as a connection starts)", () => {
    const held = [...staticClosure('react.js')].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))
    expect(held).toContain('src/ui/react/components/buttons.tsx')
    for (const input of ['src/ui/react/components/accountButton.tsx', 'src/ui/components/displayFormat.ts', 'src/format/number.ts', 'src/format/decimal.ts']) {
      expect(held).not.toContain(input)
    }
    const [path] = Object.entries(outputs).find(([, out]) => 'src/ui/react/components/accountButton.tsx' in out.inputs) ?? ['']
    const importers = Object.entries(outputs).filter(([, o]) => o.imports.some((i) => i.path === path))
    expect(importers.length).toBeGreaterThan(0)
    for (const [, o] of importers) expect(o.imports.filter((i) => i.path === path).map((i) => i.kind)).toEqual(['dynamic-import'])
  })

  it('index.js reaches at most 8 files before any dynamic import (each file is a request and its own gzip; esbuild splitting made 23)', () => {
    expect(staticClosure('index.js').size).toBeLessThanOrEqual(8)
  })

  for (const plugin of PLUGINS) {
    const budget = FEATURE_PLUGIN_CHUNK_BUDGETS[plugin] ?? PLUGIN_CHUNK_BUDGET
    it(`the ${plugin} plugin chunk stays within ${budget} bytes gzip`, () => {
      const [path] = Object.entries(outputs).find(([, out]) => `src/plugins/${plugin}/index.ts` in out.inputs) ?? ['']
      expect(path).not.toBe('')
      expect(gz(path)).toBeLessThanOrEqual(budget)
    })
  }

  for (const [input, budget] of Object.entries(NAMESPACE_CHUNK_BUDGETS)) {
    it(`the chunk of ${input} stays within ${budget} bytes gzip`, () => {
      const [path] = Object.entries(outputs).find(([, out]) => input in out.inputs) ?? ['']
      expect(path).not.toBe('')
      expect(gz(path)).toBeLessThanOrEqual(budget)
    })
  }

  it(`the embedded wallet's frame host and provider are a chunk of their own, loaded on first use, within ${EMBEDDED_LIVE_BUDGET} bytes gzip`, () => {
    const [path] = Object.entries(outputs).find(([, out]) => 'src/embedded/frameHost.ts' in out.inputs) ?? ['']
    expect(path).not.toBe('')
    expect(outputs[path]?.inputs).toHaveProperty(['src/embedded/provider.ts'])
    for (const entry of ['index.js', 'react.js']) expect(staticClosure(entry).has(path)).toBe(false)
    expect(gz(path)).toBeLessThanOrEqual(EMBEDDED_LIVE_BUDGET)
  })

  it(`the WalletConnect client chunk (sign-client external) stays within ${WALLETCONNECT_CHUNK_BUDGET} bytes gzip`, () => {
    const [path] = Object.entries(outputs).find(([, out]) => 'src/connectors/walletconnect/client.ts' in out.inputs) ?? ['']
    expect(path).not.toBe('')
    expect(gz(path)).toBeLessThanOrEqual(WALLETCONNECT_CHUNK_BUDGET)
  })
})

/**
 * `airlock/wagmi` (issue 25 §1): the connector and `wagmiParameters` in a file of their own that
 * imports only viem (wagmi's types are erased; no chunk of Airlock's own, so a wagmi site adds just
 * this file to `airlock`'s first load), and nothing of it in `airlock`'s or `airlock/react`'s.
 * 2,660 B gzip when written.
 */
const WAGMI_ENTRY_BUDGET = 3 * 1024

describe('the airlock/wagmi entry', () => {
  for (const entry of ['index.js', 'react.js']) {
    it(`${entry} and its static imports hold nothing of src/wagmi and import no wagmi package`, () => {
      const closure = [...staticClosure(entry)]
      const held = closure.flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))
      expect(held.length).toBeGreaterThan(0)
      expect(held.filter((input) => input.startsWith('src/wagmi/'))).toEqual([])
      const packages = closure.flatMap((path) => (outputs[path]?.imports ?? []).filter((i) => i.external).map((i) => i.path))
      expect(packages.filter((p) => /^(wagmi|@wagmi\/|@tanstack\/react-query)/.test(p))).toEqual([])
    })
  }

  it(`wagmi.js is one file that imports viem alone (no wagmi at run time, no chunk of Airlock's), within ${WAGMI_ENTRY_BUDGET} bytes gzip`, () => {
    const out = outputs['wagmi.js']
    expect(Object.keys(out?.inputs ?? {})).toContain('src/wagmi/connector.ts')
    expect(out?.imports.map((i) => `${i.kind} ${i.path}`)).toEqual(['import-statement viem'])
    expect(gzipSync(readFileSync(join(outdir, 'wagmi.js')), { level: 9 }).length).toBeLessThanOrEqual(WAGMI_ENTRY_BUDGET)
  })
})

/**
 * `airlock/solana` (issue 25 §2): Airlock as a Wallet Standard wallet for Solana's wallet adapter.
 * Nothing of it in `airlock`'s or `airlock/react`'s first load, and no chunk those load later
 * imports its code: the Solana chain names and answer decoding it shares with the Wallet Standard
 * discovery and the solana adapter sit in chunks both import (scripts/buildLibrary.mjs
 * `lazyOfPage`), never in solana.js's. What a site adds to `airlock` by importing it: solana.js and
 * those shared chunks, 7,476 B gzip when written (solana.js 4,494 B); no Solana library (the
 * wallet adapter finds the wallet by the Wallet Standard's window events).
 */
const SOLANA_ENTRY_BUDGET = 8 * 1024

describe('the airlock/solana entry', () => {
  const solanaInputs = (path: string) => Object.keys(outputs[path]?.inputs ?? {}).filter((input) => input.startsWith('src/solana/'))
  /** Every output a page with `airlock` (and `airlock/react`) may load: the entries and everything they import, statically or lazily. */
  function pageOutputs(): Set<string> {
    const seen = new Set<string>()
    const visit = (path: string) => {
      if (seen.has(path)) return
      seen.add(path)
      for (const imported of outputs[path]?.imports ?? []) if (!imported.external) visit(imported.path)
    }
    visit('index.js')
    visit('react.js')
    return seen
  }

  it('no output a page with airlock or airlock/react loads, first or later, holds or imports anything of src/solana', () => {
    const page = pageOutputs()
    expect(page.size).toBeGreaterThan(10)
    expect([...page].filter((path) => path === 'solana.js' || solanaInputs(path).length > 0)).toEqual([])
  })

  it('the lazy chunks that share code with it (the Wallet Standard discovery, the solana adapter) are still reached by dynamic imports only', () => {
    for (const input of ['src/connectors/walletStandard/solana.ts', 'src/chains/solana/adapter.ts']) {
      const [path] = Object.entries(outputs).find(([, out]) => input in out.inputs) ?? ['']
      expect(path).not.toBe('')
      expect(staticClosure('index.js').has(path)).toBe(false)
      expect(staticClosure('react.js').has(path)).toBe(false)
    }
  })

  it(`solana.js with what it adds to airlock's first load stays within ${SOLANA_ENTRY_BUDGET} bytes gzip, and imports no Solana library`, () => {
    expect(solanaInputs('solana.js')).toContain('src/solana/registerAirlockWallet.ts')
    const first = staticClosure('index.js')
    const added = [...staticClosure('solana.js')].filter((path) => !first.has(path))
    const gz = (path: string) => gzipSync(readFileSync(join(outdir, path)), { level: 9 }).length
    const total = added.reduce((sum, path) => sum + gz(path), 0)
    expect(total).toBeGreaterThan(0)
    expect(total).toBeLessThanOrEqual(SOLANA_ENTRY_BUDGET)
    const packages = added.flatMap((path) => (outputs[path]?.imports ?? []).filter((i) => i.external).map((i) => i.path))
    expect(packages.filter((p) => /^@solana\//.test(p))).toEqual([])
  })
})

/**
 * `airlock/plugin` (issue 25): the building blocks plugin views are made of. Not in `airlock`'s or
 * `airlock/react`'s first load, nor in the modal's chunk (the first open waits for no more files);
 * the built-in plugins' views and the entry share one chunk of them. 1,925 B gzip over react.js's
 * first load when written (plugin.js and that chunk).
 * Issue 26 §1: 2.75 KiB. The SDK grew to all a plugin imports (events, errors, effects, the router's
 * commands, selectors, decimal arithmetic, …): plugin.js 610 → 1,136 B, names only (each an
 * `x as name` re-export of a chunk the page or a plugin loads anyway; no code); 2,181 → 2,705 B.
 * Issue 26 §2: 3 KiB. + the account-data service's names (accountData, fromRead, connectedBalances,
 * servedNetworks, TRANSACTION_SETTLED's) with §1's later ones: 2,953 B.
 * Issue 26 §4: 3.25 KiB. + `useNow` and `useTime` (views on the instance's clock and scheduler, in
 * the plugins' shared UI chunk): 3,242 B.
 * Issue 27 §1: 3.27 KiB. + `observeListScroll` (the long lists count as scrolling until the browser's
 * scrollend, 9c8d433): a name the Tokens and Activity plugins import, 3,328 → 3,337 B.
 * Issue 27 §1: 3.4 KiB. The account button a chunk of its own (react.js −1,829 B): the number
 * formatting, the remote image's hook and their kin are no longer react.js's, so plugin.js re-exports
 * them from their own chunks (more import lines): 3,336 → 3,420 B (e3c9595 and it with that change alone).
 * Issue 27 §1: 3.35 KiB. `shortAddress` re-exported from its own module (react.js's chunk, which
 * plugin.js imports anyway), not from displayFormat's chunk: 3,419 → 3,409 B (60c3e3b and it with
 * this change alone; the Account view a chunk of its own in the same change). Not back to 3,336 B.
 */
const PLUGIN_ENTRY_BUDGET = 3.35 * 1024

describe('the airlock/plugin entry', () => {
  const primitives = (path: string) => Object.keys(outputs[path]?.inputs ?? {}).filter((input) => input.startsWith('src/ui/components/primitives/'))

  it("react.js and index.js with their static imports hold no primitive, nor does the modal's chunk", () => {
    const first = [...staticClosure('react.js'), ...staticClosure('index.js')]
    expect(first.length).toBeGreaterThan(2)
    expect(first.flatMap(primitives)).toEqual([])
    const [modal] = Object.entries(outputs).find(([, out]) => 'src/ui/views/AccountView.tsx' in out.inputs) ?? ['']
    expect(modal).not.toBe('')
    expect([...staticClosure(modal)].flatMap(primitives)).toEqual([])
  })

  it(`plugin.js adds one chunk of its own, with every primitive no page chunk holds, within ${PLUGIN_ENTRY_BUDGET} bytes gzip, and the built-in views import that chunk`, () => {
    const first = staticClosure('react.js')
    // What a page loads anyway, first or later (the modal's chunks, the plugins' views).
    const page = new Set<string>()
    const visit = (path: string) => {
      if (page.has(path)) return
      page.add(path)
      for (const imported of outputs[path]?.imports ?? []) if (!imported.external) visit(imported.path)
    }
    visit('index.js')
    visit('react.js')
    const added = [...staticClosure('plugin.js')].filter((path) => !first.has(path) && (path === 'plugin.js' || !page.has(path) || primitives(path).length > 0))
    expect(added).toHaveLength(2)
    const [shared] = added.filter((path) => path !== 'plugin.js')
    // All seven; one no built-in view uses (Amount) stays in plugin.js itself.
    expect([...primitives(shared ?? ''), ...primitives('plugin.js')]).toHaveLength(7)
    expect(primitives(shared ?? '').length).toBeGreaterThanOrEqual(6)
    const total = added.reduce((sum, path) => sum + gzipSync(readFileSync(join(outdir, path)), { level: 9 }).length, 0)
    expect(total).toBeLessThanOrEqual(PLUGIN_ENTRY_BUDGET)
    const swap = Object.entries(outputs).find(([, out]) => 'src/plugins/swap/views/Swap.tsx' in out.inputs)?.[1]
    expect(swap?.imports.map((i) => i.path)).toContain(shared)
  })

  it('the built-in plugins that import airlock/plugin by name import no entry: their chunks import the modules it re-exports (scripts/sdkImports.mjs)', () => {
    const external = Object.values(outputs).flatMap((out) => out.imports.filter((i) => i.external).map((i) => i.path))
    expect(external.length).toBeGreaterThan(0)
    expect(external.filter((path) => /^airlock(\/|$)/.test(path))).toEqual([])
    const receive = Object.entries(outputs).find(([, out]) => 'src/plugins/receive/views/WalletReceive.tsx' in out.inputs)
    expect(receive).toBeDefined()
    expect(receive?.[1].imports.map((i) => i.path)).not.toContain('plugin.js')
    expect(staticClosure('index.js').has('plugin.js')).toBe(false)
  })
})
