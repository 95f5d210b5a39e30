// Builds the library (one chunk per plugin, through code splitting) and the demo page.
// `node esbuild.config.mjs` builds both and the library's type declarations (dist/types);
// `--watch` rebuilds the demo on change.
import * as esbuild from 'esbuild'
import { rmSync } from 'node:fs'
import { buildDeclarations } from './scripts/declarations.mjs'

const production = { 'process.env.NODE_ENV': '"production"' }

/**
 * The library as published: ESM, dependencies left to the site's bundler. No source maps: they
 * would point at sources the package does not ship, and tripled its size.
 */
export const libraryOptions = {
  entryPoints: { index: 'src/index.ts', react: 'src/react.ts' },
  outdir: 'dist/lib',
  bundle: true,
  splitting: true,
  jsx: 'automatic',
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  packages: 'external',
  sourcemap: false,
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
}

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
}

export async function buildAll() {
  rmSync('dist/lib', { recursive: true, force: true })
  rmSync('demo/dist', { recursive: true, force: true })
  const [library, demo] = await Promise.all([esbuild.build(libraryOptions), esbuild.build(demoOptions)])
  return { library, demo }
}

/** Everything `npm pack` ships and the demo: the library, its declarations, the demo page. */
export async function buildPackage() {
  const built = await buildAll()
  buildDeclarations()
  return built
}

export { buildDeclarations }

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--watch')) {
    const context = await esbuild.context(demoOptions)
    await context.watch()
  } else {
    await buildPackage()
  }
}
