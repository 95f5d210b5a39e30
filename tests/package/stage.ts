/**
 * The package as `npm pack` makes it, from a fresh build of its own: the library and its
 * declarations are built into a staging directory beside package.json, README and LICENSE, and
 * packed there. Building apart from the worktree's dist/ keeps this test independent of other
 * tests that rebuild dist/lib while it runs, and of a dist/ left stale by an earlier build. (The
 * stage is built already, so `prepack`, which builds, is skipped there.)
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildDeclarations, buildLibrary } from '../../esbuild.config.mjs'
import { buildStandaloneCached } from '../../scripts/buildStandalone.mjs'

export const root = fileURLToPath(new URL('../..', import.meta.url))

/** What `npm pack --json` reports of one tarball. */
export interface Packed {
  readonly filename: string
  readonly size: number
  readonly unpackedSize: number
  readonly files: readonly { readonly path: string; readonly size: number }[]
}

/**
 * The environment for a child `npm` or `tsc`: ours without the `npm_*` variables `npm test` sets,
 * which would point the child at this repository's package instead of its own.
 */
export function childEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')))
}

/** Run a command to its end; its output and status, never a throw. */
export function run(command: string, args: readonly string[], cwd: string, timeout = 120_000): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env: childEnv(), encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 })
}

/** Output for an assertion message: what the command printed. */
export const printed = (result: SpawnSyncReturns<string>): string => `${result.stdout}\n${result.stderr}\n${result.error?.message ?? ''}`

/** Build the package into `stage` and pack it into `stage/out`; returns the tarball's path and report. */
export async function stageAndPack(stage: string): Promise<{ tarball: string; packed: Packed }> {
  await buildLibrary({ outdir: join(stage, 'dist', 'lib') })
  // The standalone bundle (React and every dependency in) takes longest; kept between runs by its inputs' hash.
  await buildStandaloneCached({ outdir: join(stage, 'dist', 'standalone'), cacheDir: join(root, '.cache', 'standalone') })
  buildDeclarations({ outDir: join(stage, 'dist', 'types') })
  for (const file of ['package.json', 'README.md', 'LICENSE']) copyFileSync(join(root, file), join(stage, file))
  const out = join(stage, 'out')
  mkdirSync(out, { recursive: true })
  const result = run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], stage)
  if (result.status !== 0) throw new Error(`npm pack failed:\n${printed(result)}`)
  const [packed] = JSON.parse(result.stdout) as Packed[]
  if (!packed) throw new Error(`npm pack reported nothing:\n${printed(result)}`)
  return { tarball: join(out, packed.filename), packed }
}
