/**
 * The package as `npm pack` makes it, from a fresh build of its own: the library and its
 * declarations are built into a staging directory beside package.json, README and LICENSE, and
 * packed there. Building apart from the worktree's dist/ keeps this test independent of other
 * tests that rebuild dist/lib while it runs, and of a dist/ left stale by an earlier build. (The
 * stage is built already, so `prepack`, which builds, is skipped there.)
 *
 * Several test files pack the package (the pack test, the example apps, wagmi, Next.js, plain
 * HTML), each about a minute of building on 2 cores. The build is deterministic, so a stage is
 * kept in .cache/pack under the hash of everything it is made of (the sources, the build scripts
 * and settings, the locked dependencies, the packed files) and copied for the next caller with
 * the same inputs; any change to one of them builds afresh (scripts/packStage.mjs). `npm test`
 * keeps its own build step's dist/ there as the stage (it was just built from the same inputs), so
 * in a run of the whole suite no test builds the package again.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildDeclarations, buildLibrary } from '../../esbuild.config.mjs'
import { buildStandaloneCached } from '../../scripts/buildStandalone.mjs'
import { PACK_CACHE, keepStage, packStage, stageKey } from '../../scripts/packStage.mjs'
import { idleMs } from '../support/until'

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

/**
 * Run a command to its end; its output and status, never a throw. `timeout` is an idle machine's
 * (tests/support/until.ts idleMs): it stretches with the load when the command starts.
 */
export function run(command: string, args: readonly string[], cwd: string, timeout = 120_000): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env: childEnv(), encoding: 'utf8', timeout: idleMs(timeout), maxBuffer: 64 * 1024 * 1024 })
}

/** Output for an assertion message: what the command printed. */
export const printed = (result: SpawnSyncReturns<string>): string => `${result.stdout}\n${result.stderr}\n${result.error?.message ?? ''}`

/** Build the package into `stage` and pack it into `stage/out`; returns the tarball's path and report. */
export async function stageAndPack(stage: string): Promise<{ tarball: string; packed: Packed }> {
  const key = stageKey()
  const kept = join(PACK_CACHE, key)
  const report = join(kept, 'out', 'packed.json')
  if (existsSync(report)) {
    cpSync(kept, stage, { recursive: true })
    const packed = JSON.parse(readFileSync(report, 'utf8')) as Packed
    return { tarball: join(stage, 'out', packed.filename), packed }
  }
  const built = await buildAndPack(stage)
  // Kept for the next caller with the same inputs (scripts/packStage.mjs).
  keepStage(stage, key, built.packed)
  return built
}

async function buildAndPack(stage: string): Promise<{ tarball: string; packed: Packed }> {
  await buildLibrary({ outdir: join(stage, 'dist', 'lib') })
  // The standalone bundle (React and every dependency in) takes longest; kept between runs by its inputs' hash.
  await buildStandaloneCached({ outdir: join(stage, 'dist', 'standalone'), cacheDir: join(root, '.cache', 'standalone') })
  buildDeclarations({ outDir: join(stage, 'dist', 'types') })
  for (const file of ['package.json', 'README.md', 'LICENSE']) copyFileSync(join(root, file), join(stage, file))
  const packed = packStage(stage, idleMs(120_000))
  return { tarball: join(stage, 'out', packed.filename), packed }
}
