// `airlock/standalone` (dist/standalone): the library for a page with no bundler, loaded by one
// <script type="module"> from a URL. Unlike dist/lib, which leaves every dependency to the site's
// bundler (so a React site shares its own React), this build bundles them all, React and
// react-dom included: a browser without an import map cannot resolve `react` by name.
//
// Two passes. esbuild bundles (it reads the packages' CommonJS, React's among them, and resolves
// them as Node does), split at every dynamic import so the lazy parts (plugins, views,
// WalletConnect, Solana) stay apart. But esbuild cuts every set of modules shared by a different
// set of entry points into a file of its own: the first load was 54 files (141.5 KiB gzip, each
// file its own request and its own gzip). Rollup then re-chunks esbuild's output as
// scripts/buildLibrary.mjs chunks the library: everything the entry reaches statically goes into
// airlock.js itself, so a page's first load is one file (132.9 KiB gzip); the lazy chunks go
// under chunks/, found relative to it.
import * as esbuild from 'esbuild'
import { rollup } from '@rollup/wasm-node'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sdkImportsPlugin } from './sdkImports.mjs'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The entry, and the file it becomes (`airlock.js`, what a page's script loads). */
export const STANDALONE_ENTRY = { airlock: 'src/standalone.ts' }

/** esbuild's pass: everything bundled and minified, split at each dynamic import, into `outdir`. */
async function bundle(outdir) {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: STANDALONE_ENTRY,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
    // The built-in plugins' `airlock/plugin` imports, read as the modules the SDK re-exports from.
    plugins: [sdkImportsPlugin()],
  })
  return result.metafile
}

/** Rollup's manualChunks: every file the entry reaches by static imports goes into the entry's own chunk. */
function entryChunk(entry) {
  let reached
  return (id, { getModuleInfo }) => {
    if (!reached) {
      reached = new Set()
      const visit = (moduleId) => {
        if (reached.has(moduleId)) return
        reached.add(moduleId)
        for (const next of getModuleInfo(moduleId)?.importedIds ?? []) visit(next)
      }
      visit(entry)
    }
    return reached.has(id) ? 'airlock' : undefined
  }
}

/**
 * Build the standalone bundle into `outdir` (emptied first). Resolves to a description in the
 * shape of buildLibrary's: each output's bytes, its imports (static or dynamic) and the source
 * files in it (relative to the project), for the budget test.
 *
 * ```js
 * const { outputs } = await buildStandalone({ outdir: 'dist/standalone' }) // airlock.js, chunks/…
 * ```
 *
 * @param {{ outdir: string, write?: boolean }} options
 */
export async function buildStandalone({ outdir, write = true }) {
  const scratch = mkdtempSync(join(tmpdir(), 'airlock-standalone-'))
  try {
    const metafile = await bundle(scratch)
    const entry = join(scratch, 'airlock.js')
    const warnings = []
    const build = await rollup({
      input: { airlock: entry },
      // esbuild has tree-shaken already; what is left is kept as it is.
      treeshake: false,
      // airlock.js may export more than the entry's names: the lazy chunks import from it.
      preserveEntrySignatures: 'allow-extension',
      onwarn: (warning) => warnings.push(warning),
    })
    const options = {
      dir: outdir,
      format: 'es',
      entryFileNames: '[name].js',
      // esbuild's name less its hash (`email-GS2NJMRM` → `email`), then Rollup's hash of the final code.
      chunkFileNames: (chunk) => `chunks/${chunk.name.replace(/-[A-Z0-9]{8}$/, '')}-[hash].js`,
      compact: true,
      manualChunks: entryChunk(entry),
    }
    if (write) rmSync(outdir, { recursive: true, force: true })
    const { output } = write ? await build.write(options) : await build.generate(options)
    await build.close()
    if (warnings.length > 0) throw new Error(`Standalone build: ${warnings.map((w) => w.message).join('\n')}`)

    // The sources in each esbuild file, to name what each final chunk holds.
    const sourcesOf = (file) => Object.keys(metafile.outputs[relative(ROOT, file)]?.inputs ?? {})
    const outputs = {}
    for (const chunk of output) {
      if (chunk.type !== 'chunk') continue
      outputs[chunk.fileName] = {
        bytes: Buffer.byteLength(chunk.code),
        inputs: Object.fromEntries(Object.keys(chunk.modules).flatMap((file) => sourcesOf(file).map((source) => [source, {}]))),
        imports: [
          ...chunk.imports.map((path) => ({ path, kind: 'import-statement' })),
          ...chunk.dynamicImports.map((path) => ({ path, kind: 'dynamic-import' })),
        ],
      }
    }
    return { outputs }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** What the build reads: our sources (tests left out), the locked dependencies, the settings and this script. */
function inputsHash() {
  const hash = createHash('sha256')
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return walk(path)
      return /\.test\.tsx?$/.test(entry.name) ? [] : [path]
    })
  const files = [
    ...walk(join(ROOT, 'src')),
    ...['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/buildStandalone.mjs', 'scripts/sdkImports.mjs'].map((file) => join(ROOT, file)),
  ]
  for (const path of files.sort()) hash.update(relative(ROOT, path)).update('\0').update(readFileSync(path)).update('\0')
  return hash.digest('hex').slice(0, 32)
}

/**
 * The standalone bundle in `outdir`, copied from `cacheDir` when a build of the same inputs is kept
 * there (the build is deterministic: the same sources, dependencies and settings give the same
 * files), else built and kept. For the tests that pack the package, which each built it anew.
 *
 * ```js
 * await buildStandaloneCached({ outdir: join(stage, 'dist', 'standalone'), cacheDir: '.cache/standalone' })
 * ```
 *
 * @param {{ outdir: string, cacheDir: string }} options
 * @returns {Promise<{ outputs: Record<string, object> }>} what `buildStandalone` resolved to for that build
 */
export async function buildStandaloneCached({ outdir, cacheDir }) {
  const key = inputsHash()
  // The build in <key>/, its description beside it in <key>.json (not in the folder that is copied).
  const kept = join(cacheDir, key)
  const described = join(cacheDir, `${key}.json`)
  if (!existsSync(kept) || !existsSync(described)) {
    mkdirSync(cacheDir, { recursive: true })
    const fresh = mkdtempSync(join(cacheDir, 'building-'))
    const build = await buildStandalone({ outdir: join(fresh, 'out') })
    writeFileSync(join(fresh, 'description.json'), JSON.stringify(build))
    // Another process may have kept the same build meanwhile: the first rename wins, both are equal.
    try {
      renameSync(join(fresh, 'out'), kept)
      renameSync(join(fresh, 'description.json'), described)
    } catch {
      // Kept already by another process (the same files); its description may still be on its way.
      if (!existsSync(described)) writeFileSync(described, JSON.stringify(build))
    }
    rmSync(fresh, { recursive: true, force: true })
    // Older builds go: one is kept.
    for (const old of readdirSync(cacheDir)) {
      if (old !== key && old !== `${key}.json` && !old.startsWith('building-')) rmSync(join(cacheDir, old), { recursive: true, force: true })
    }
  }
  rmSync(outdir, { recursive: true, force: true })
  cpSync(kept, outdir, { recursive: true })
  return JSON.parse(readFileSync(described, 'utf8'))
}
