// Builds the library (scripts/buildLibrary.mjs: one chunk per lazy part, Rollup), the demo
// page and the console page (esbuild, bundled and minified as a site would ship it).
// `node esbuild.config.mjs` builds them all and the library's type declarations (dist/types); `--watch` rebuilds the demo on change.
import * as esbuild from 'esbuild'
import { rmSync } from 'node:fs'
import { buildDeclarations } from './scripts/declarations.mjs'
import { buildLibrary } from './scripts/buildLibrary.mjs'
import { buildStandalone } from './scripts/buildStandalone.mjs'
import { clearStamp, inputsHash, upToDate, withBuildLock, writeStamp } from './scripts/buildLock.mjs'
import { sdkImportsPlugin } from './scripts/sdkImports.mjs'

const production = { 'process.env.NODE_ENV': '"production"' }

/** The demo page: everything bundled and minified, the way a site would ship it. */
export const demoOptions = {
  entryPoints: { demo: 'demo/main.ts' },
  outdir: 'demo/dist',
  bundle: true,
  splitting: true,
  jsx: 'automatic',
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  define: production,
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
  // The built-in plugins' `airlock/plugin` imports, read as the modules the SDK re-exports from.
  plugins: [sdkImportsPlugin()],
}

/**
 * The demo's wagmi page (demo/wagmi.html: the sample dApp on wagmi and airlock/wagmi), a bundle of
 * its own so the main page's chunks, which the benches measure, are cut as without it.
 */
export const wagmiDemoOptions = {
  ...demoOptions,
  entryPoints: { wagmi: 'demo/wagmi/main.tsx' },
  outdir: 'demo/dist/wagmi',
}

/** The site owner's console (console/, served by airlock-server at /console): React, Airlock, uPlot and its CSS, bundled. */
export const consoleOptions = {
  ...demoOptions,
  entryPoints: { console: 'console/main.tsx' },
  outdir: 'console/dist',
}

export function buildAll() {
  return withBuildLock(buildUnlocked)
}

async function buildUnlocked() {
  const hash = inputsHash()
  clearStamp()
  rmSync('demo/dist', { recursive: true, force: true })
  rmSync('console/dist', { recursive: true, force: true })
  const [library, demo, consolePage, wagmiDemo] = await Promise.all([
    buildLibrary({ outdir: 'dist/lib' }),
    esbuild.build(demoOptions),
    esbuild.build(consoleOptions),
    esbuild.build(wagmiDemoOptions),
  ])
  writeStamp(hash)
  return { library, demo, console: consolePage, wagmiDemo }
}

/**
 * What a browser test needs built (dist/lib, demo/dist, console/dist), built only when an input
 * changed since the last build (scripts/buildLock.mjs), one build at a time across processes.
 */
export function ensureBuilt() {
  return withBuildLock(async () => {
    if (!upToDate(inputsHash())) await buildUnlocked()
  })
}

/** Everything `npm pack` ships and the demo: the library, its standalone bundle (`airlock/standalone`), its declarations, the demo page. */
export async function buildPackage() {
  const built = await buildAll()
  await buildStandalone({ outdir: 'dist/standalone' })
  buildDeclarations()
  return built
}

export { buildDeclarations, buildLibrary, buildStandalone }

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--watch')) {
    const context = await esbuild.context(demoOptions)
    await context.watch()
  } else {
    await buildPackage()
  }
}
