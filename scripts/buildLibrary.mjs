// The library as published (dist/lib): ESM, dependencies left to the site's bundler, one chunk
// per lazy part (each plugin, each plugin view, the WalletConnect client, the wallet effects, …).
//
// Rollup chunks it; esbuild only strips the types and JSX of each file. Why Rollup: esbuild splits
// every set of modules shared by a different set of entry points into a chunk of its own, so each
// part made lazy cut the first load into more files (23 for index.js, 56,354 B gzipped one by one,
// against 5 files and 53,230 B before issue 11 made the wallet and WalletConnect effects lazy).
// Rollup knows that a chunk imported dynamically from index.js finds index.js's modules loaded
// already, and does not cut them out: the same source is 4 files and 49,211 B (tests/build/
// chunks.test.ts holds the budget). The demo page is still bundled by esbuild, as a site would.
import { rollup } from '@rollup/wasm-node'
import * as esbuild from 'esbuild'
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rewriteSdkImports, sdkExports } from './sdkImports.mjs'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The library's entry points: `airlock`, `airlock/react`, `airlock/react/headless` (the headless hooks, for a site's own connect UI), `airlock/siwx` (the sign-in verifier for a site's server) `airlock/wagmi` (the wagmi connector) and `airlock/solana` (Airlock as a Wallet Standard wallet for Solana's wallet adapter) `airlock/plugin` (what a plugin's views import: the modal's styled building blocks) and `airlock/testing` (what a plugin's tests import; no page loads it). */
export const LIBRARY_ENTRIES = {
  index: 'src/index.ts',
  react: 'src/react.ts',
  reactHeadless: 'src/reactHeadless.ts',
  siwx: 'src/siwx/verify.ts',
  wagmi: 'src/wagmi/index.ts',
  solana: 'src/solana/index.ts',
  plugin: 'src/plugin.ts',
  testing: 'src/testing.ts',
}
/**
 * The entries for a site's server (Node), never loaded by the modal, and `airlock/testing` (a
 * plugin's tests, in Node: its kernel and core modules are its own copy, so the page entries'
 * chunks export nothing more for it; as one more entry of the browser build it cost index.js
 * 173 B gzip of exports). Each is built on its own, one
 * file that imports only packages: what it shares with the browser code (the message format, the
 * error classes) is copied in, so it never loads the browser's chunks — in one build it shared
 * `src/kernel/errors.ts` with index.js and so imported index.js's whole chunk (the kernel, the core
 * modules, `createSessionsSiwx`: 186 modules, 57 KB gzip).
 */
const SERVER_ENTRIES = new Set(['siwx', 'testing'])
/**
 * The entries that begin with 'use client': their exports are hooks and components, so a React
 * Server Component (Next.js's App Router) that renders `<ConnectButton/>` makes them a client
 * boundary instead of failing on `createContext`. Written as a banner on the entry's own file, not
 * in the source, where Rollup would warn (and the build fail) on a module-level directive.
 */
const CLIENT_ENTRIES = new Set(['react', 'reactHeadless', 'plugin'])

/**
 * The io-ts codecs a file builds at its top level, marked free of side effects for the site's
 * bundler: each call of the io-ts namespace (`t.type(…)`, `t.union(…)`, …) and of `defineEvent`
 * in a top-level declaration, outside any function, gets a `/*#__PURE__*\/` annotation. A bundler
 * keeps a call it cannot prove pure even when nothing reads its value, so every event codec the
 * library defines rode in the page's first load whether or not the page decoded that event (issue
 * 27 §1: with src/events/catalogue.ts's map built in a pure call, 1,980 B gzip less there).
 */
function annotatePure(code, ast) {
  const namespaces = new Set()
  for (const node of ast.body)
    if (node.type === 'ImportDeclaration' && node.source.value === 'io-ts')
      for (const specifier of node.specifiers) if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.name)
  const starts = []
  const visit = (node) => {
    if (!node || typeof node.type !== 'string' || /Function/.test(node.type)) return
    if (node.type === 'CallExpression') {
      const callee = node.callee
      if (
        (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && namespaces.has(callee.object.name) && !callee.computed) ||
        (callee.type === 'Identifier' && callee.name === 'defineEvent')
      )
        starts.push(node.start)
    }
    for (const key of Object.keys(node)) {
      const value = node[key]
      if (Array.isArray(value)) value.forEach(visit)
      else if (value && typeof value === 'object' && typeof value.type === 'string') visit(value)
    }
  }
  // Only what the module builds as it loads (its top-level declarations): a call in a function body
  // runs when called, and an annotation there would cost bytes for nothing a bundler drops.
  for (const node of ast.body) {
    const declaration = node.type === 'ExportNamedDeclaration' ? node.declaration : node
    if (declaration?.type === 'VariableDeclaration') declaration.declarations.forEach((d) => visit(d.init))
  }
  let out = code
  for (const start of starts.sort((a, b) => b - a)) out = `${out.slice(0, start)}/*#__PURE__*/${out.slice(start)}`
  return out
}

/** Source files as the imports name them: `./x` is `./x.ts`, `./x.tsx`, or a folder's index. */
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

/** Resolve the project's own files; every bare specifier (a package, or `airlock` itself in an example) stays external. */
function sources(root) {
  const tsconfigRaw = readFileSync(join(root, 'tsconfig.json'), 'utf8')
  // The built-in plugins import the plugin SDK by its package name; read as the modules it
  // re-exports from (scripts/sdkImports.mjs), so the chunks are those of deep imports.
  const srcDir = join(ROOT, 'src')
  let sdk
  return {
    name: 'airlock-sources',
    resolveId(source, importer) {
      if (importer === undefined) return resolve(root, source)
      if (!source.startsWith('.') && !source.startsWith('/')) return { id: source, external: true }
      const base = resolve(dirname(importer), source).replace(/\.js$/, '')
      for (const suffix of CANDIDATES) {
        const path = base + suffix
        if (existsSync(path) && statSync(path).isFile()) return path
      }
      return null
    },
    async transform(code, id) {
      if (!/\.tsx?$/.test(id)) return null
      if (id.startsWith(srcDir) && code.includes('airlock/plugin')) code = rewriteSdkImports(code, id, (sdk ??= sdkExports()))
      // The project's tsconfig (verbatim module syntax, class fields, JSX) as esbuild reads it in a build.
      const result = await esbuild.transform(code, {
        loader: id.endsWith('.tsx') ? 'tsx' : 'ts',
        jsx: 'automatic',
        target: 'es2022',
        format: 'esm',
        sourcefile: relative(root, id),
        tsconfigRaw,
      })
      // Parsed again only where there is a codec to annotate (most files import no io-ts).
      const codecs = result.code.includes('io-ts') || result.code.includes('defineEvent(')
      return { code: codecs ? annotatePure(result.code, this.parse(result.code)) : result.code, map: null }
    },
  }
}

/**
 * Rollup's manualChunks: every module an entry point imports statically (directly or through other
 * modules) goes into that entry's chunk, the first entry (`index`) taking what both reach, even
 * when lazy chunks import it too. Left to itself, Rollup gives every set of modules that a plugin
 * view shares with an entry a chunk of its own, so each plugin added cut the first load into more
 * files (react.js 8,370 B in 5 files became 8,934 B in 6 with the tokens plugin, the same code).
 * A lazy chunk is only reached after its entry loaded, so it finds those modules loaded already.
 * Each entry file is then a small facade over its chunk.
 */
function entryChunks(entryPoints, root) {
  const entries = Object.entries(entryPoints).map(([name, path]) => [name, resolve(root, path)])
  let owner
  return (id, { getModuleInfo }) => {
    if (!owner) {
      owner = new Map()
      const lazy = lazyOfPage(entries, getModuleInfo)
      const shared = new Map()
      for (const [name, path] of entries) {
        const visit = (moduleId) => {
          if (owner.has(moduleId)) return
          const reachers = ONE_SHARED_CHUNK.has(name) && isUi(moduleId) && onlyPlugins(lazy.get(moduleId)) ? new Set(['plugins']) : lazy.get(moduleId)
          owner.set(moduleId, PAGE_ENTRIES.has(name) || !lazy.has(moduleId) ? name : sharedChunk(shared, name, reachers))
          for (const next of getModuleInfo(moduleId)?.importedIds ?? []) visit(next)
        }
        visit(path)
      }
    }
    return owner.get(id)
  }
}

/** The entries every page that uses Airlock loads; the others (`airlock/solana`, …) are add-ons of some pages. */
const PAGE_ENTRIES = new Set(['index', 'react'])

/**
 * Add-on entries whose lazily loaded modules go into one shared chunk, not one per set of lazy
 * chunks that reach them: `airlock/plugin`'s building blocks are small and each plugin view uses a
 * different few, so per-set chunks made 7 files of 3 KiB for one Swap view's open (one file now).
 */
const ONE_SHARED_CHUNK = new Set(['plugin'])
/**
 * Whether only plugins' lazy chunks reach a module. What the modal's own chunks reach too (the
 * network icon, the short address) is grouped as for the page alone, by the lazy chunks that
 * reach it, or the modal's first open would fetch the plugins' building blocks with it.
 */
const onlyPlugins = (reachers) => reachers !== undefined && [...reachers].every((id) => id.includes('/src/plugins/'))
/**
 * Whether a module is a view's building block (src/ui). The rest the SDK re-exports for plugins'
 * effects (decimal arithmetic, the chain-failure words, the sign-in message) stays grouped by the
 * lazy chunks that reach it, as without the SDK: a plugin's effects do not fetch the views' blocks.
 */
const isUi = (moduleId) => moduleId.includes('/src/ui/')

/**
 * What the page entries load lazily: each module they reach only through a dynamic import, with
 * the dynamic imports (lazy chunks) that reach it. An add-on entry that imports one of these
 * statically (`airlock/solana` reuses the Solana chain names and answer decoding that the Wallet
 * Standard discovery chunk loads) must not take it into its own chunk: the lazy chunk would import
 * the add-on's chunk, and every page with a Solana network would fetch `airlock/solana`'s code.
 * Nor may it leave the module to Rollup, which moves what a manual chunk imports into that chunk.
 * Such modules go into chunks of their own, one for each set of lazy chunks that reach them, as
 * Rollup groups them without an add-on (sharedChunk).
 */
function lazyOfPage(entries, getModuleInfo) {
  const statics = new Set()
  const visit = (moduleId) => {
    if (statics.has(moduleId)) return
    statics.add(moduleId)
    for (const next of getModuleInfo(moduleId)?.importedIds ?? []) visit(next)
  }
  entries.filter(([name]) => PAGE_ENTRIES.has(name)).forEach(([, path]) => visit(path))
  /** Module → the dynamic imports of the page whose static closure holds it. */
  const lazy = new Map()
  const done = new Set()
  const dynamicEntries = [...statics].flatMap((moduleId) => getModuleInfo(moduleId)?.dynamicallyImportedIds ?? [])
  while (dynamicEntries.length > 0) {
    const entry = dynamicEntries.pop()
    if (statics.has(entry) || done.has(entry)) continue
    done.add(entry)
    const seen = new Set()
    const reach = (moduleId) => {
      if (statics.has(moduleId) || seen.has(moduleId)) return
      seen.add(moduleId)
      if (!lazy.has(moduleId)) lazy.set(moduleId, new Set())
      lazy.get(moduleId).add(entry)
      const info = getModuleInfo(moduleId)
      dynamicEntries.push(...(info?.dynamicallyImportedIds ?? []))
      for (const next of info?.importedIds ?? []) reach(next)
    }
    reach(entry)
  }
  return lazy
}

/** The chunk of a lazily loaded module an add-on entry imports: one per add-on and set of lazy chunks that reach it. */
function sharedChunk(shared, addOn, reachers) {
  const key = `${addOn} ${[...reachers].sort().join(' ')}`
  if (!shared.has(key)) shared.set(key, `${addOn}-shared${shared.size === 0 ? '' : `-${shared.size}`}`)
  return shared.get(key)
}

/** One Rollup build of `input` into `outdir`, described as `buildLibrary` answers. */
async function rollupOnce(input, root, outdir, write, chunking) {
  const warnings = []
  const bundle = await rollup({
    input,
    plugins: [sources(root)],
    // package.json says `sideEffects: false`: an unused import is dropped, as esbuild drops it.
    treeshake: { moduleSideEffects: false },
    onwarn: (warning) => warnings.push(warning),
  })
  const options = {
    dir: outdir,
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: false,
    banner: (chunk) => (chunk.isEntry && CLIENT_ENTRIES.has(chunk.name) ? "'use client';" : ''),
    ...chunking,
  }
  const { output } = write ? await bundle.write(options) : await bundle.generate(options)
  await bundle.close()
  // Any warning (an import that names nothing, a cycle, an unresolved file) fails the build.
  if (warnings.length > 0) throw new Error(`Library build: ${warnings.map((w) => w.message).join('\n')}`)

  const files = new Set(output.map((o) => o.fileName))
  const kindOf = (kind) => (path) => ({ path, kind, external: !files.has(path) })
  const outputs = {}
  for (const chunk of output) {
    if (chunk.type !== 'chunk') continue
    outputs[chunk.fileName] = {
      bytes: Buffer.byteLength(chunk.code),
      ...(chunk.facadeModuleId && { entryPoint: relative(root, chunk.facadeModuleId) }),
      inputs: Object.fromEntries(Object.entries(chunk.modules).map(([id, m]) => [relative(root, id), { bytesInOutput: m.renderedLength }])),
      imports: [...chunk.imports.map(kindOf('import-statement')), ...chunk.dynamicImports.map(kindOf('dynamic-import'))],
    }
  }
  return outputs
}

/**
 * Build `entryPoints` into `outdir` and describe the outputs in the shape of an esbuild metafile
 * (paths relative to `outdir`, inputs relative to the project), for the chunk and budget tests.
 *
 * ```js
 * const { outputs } = await buildLibrary({ outdir: 'dist/lib' })
 * outputs['index.js'].imports // [{ path: 'chunks/index-….js', kind: 'import-statement', external: false }, …]
 * ```
 *
 * `sourcemap: true` writes each file's map beside it (bench/peers/criticalSources.mjs reads them). The
 * maps are true to the file each line came from, not to its column: the transform of each source
 * file hands Rollup no map of its own.
 *
 * @param {{ outdir: string, entryPoints?: Record<string, string>, root?: string, write?: boolean, sourcemap?: boolean }} options
 * @returns {Promise<{ outputs: Record<string, { bytes: number, entryPoint?: string, inputs: Record<string, { bytesInOutput: number }>, imports: { path: string, kind: 'import-statement' | 'dynamic-import', external: boolean }[] }> }>}
 */
export async function buildLibrary({ outdir, entryPoints = LIBRARY_ENTRIES, root = ROOT, write = true, sourcemap = false }) {
  const browser = Object.fromEntries(Object.entries(entryPoints).filter(([name]) => !SERVER_ENTRIES.has(name)))
  const server = Object.entries(entryPoints).filter(([name]) => SERVER_ENTRIES.has(name))
  if (write) rmSync(outdir, { recursive: true, force: true })
  const outputs = await rollupOnce(browser, root, outdir, write, { manualChunks: entryChunks(browser, root), sourcemap })
  for (const [name, path] of server) Object.assign(outputs, await rollupOnce({ [name]: path }, root, outdir, write, { inlineDynamicImports: true, sourcemap }))
  return { outputs }
}
