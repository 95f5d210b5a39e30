// Airlock as a site installs it, for the peer page's build (bench/peers/run.mjs) and its byte
// budgets (tests/build/firstOpen.test.ts): the library as published (scripts/buildLibrary.mjs, the
// Rollup build `npm pack` ships in dist/lib) built into a directory, and the esbuild plugin that
// resolves `airlock` and `airlock/<entry>` there by package.json's `exports` (`import`).
//
// Why not the repository's source: esbuild splits every set of modules shared by a different set of
// lazy parts into a chunk of its own, so the page bundled from src/ loaded 56 files before its
// button (7 from the published library), and showed it 2.4× later than it did with 9.
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildLibrary } from '../../scripts/buildLibrary.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

/**
 * The peer pages' esbuild settings (esm, bundle, minify, splitting, NODE_ENV production): every
 * page of bench/peers/run.mjs and bench/buttons/run.mjs, and what measures Airlock's apart
 * (tests/build/firstOpen.test.ts, bench/peers/criticalSources.mjs), each adding its `absWorkingDir`,
 * `outdir` and plugins (and its own `entryPoints` where the page is not main.tsx).
 */
export const PEER_PAGE_BUILD = Object.freeze({
  entryPoints: ['main.tsx'],
  bundle: true,
  format: 'esm',
  splitting: true,
  minify: true,
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  metafile: true,
  logLevel: 'error',
})

/**
 * Builds the library into `outdir`; returns its outputs (buildLibrary's: paths relative to
 * `outdir`, inputs relative to the repository) and the plugin for the page's esbuild.
 *
 * @param {string} outdir
 * @param {{ sourcemap?: boolean }} [options] `sourcemap`: the library's files with their source maps (scripts/buildLibrary.mjs)
 */
export async function buildAirlockPackage(outdir, { sourcemap = false } = {}) {
  const { outputs } = await buildLibrary({ outdir, sourcemap })
  const exportsMap = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports
  /** @type {import('esbuild').Plugin} */
  const plugin = {
    name: 'airlock-package',
    setup(build) {
      // The library's files import its dependencies by name, found in the repository's node_modules
      // wherever `outdir` is.
      build.initialOptions.nodePaths = [...(build.initialOptions.nodePaths ?? []), join(root, 'node_modules')]
      build.onResolve({ filter: /^airlock(\/.*)?$/ }, (args) => {
        const target = exportsMap[args.path === 'airlock' ? '.' : `./${args.path.slice('airlock/'.length)}`]?.import
        if (typeof target !== 'string' || !target.startsWith('./dist/lib/')) return { errors: [{ text: `airlock: no published entry ${args.path}` }] }
        const file = join(outdir, target.slice('./dist/lib/'.length))
        if (!outputs[relative(outdir, file)]) return { errors: [{ text: `airlock: ${args.path} was not built` }] }
        return { path: file }
      })
    },
  }
  return { outputs, plugin }
}
