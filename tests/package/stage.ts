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
 * the same inputs; any change to one of them builds afresh.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildDeclarations, buildLibrary } from '../../esbuild.config.mjs'
import { buildStandaloneCached } from '../../scripts/buildStandalone.mjs'
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

/** What a stage is made of: the sources (tests left out), and every file the build and the pack read. */
const STAGE_INPUTS = [
  'package.json',
  'package-lock.json',
  'README.md',
  'LICENSE',
  'tsconfig.json',
  'tsconfig.build.json',
  'esbuild.config.mjs',
  'scripts/buildLibrary.mjs',
  'scripts/sdkImports.mjs',
  'scripts/declarations.mjs',
  'scripts/buildStandalone.mjs',
  'tests/package/stage.ts',
]

function stageKey(): string {
  const hash = createHash('sha256')
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return walk(path)
      return /\.test\.tsx?$/.test(entry.name) ? [] : [path]
    })
  for (const path of [...walk(join(root, 'src')), ...STAGE_INPUTS.map((file) => join(root, file))].sort()) {
    hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0')
  }
  return hash.digest('hex').slice(0, 32)
}

/** Build the package into `stage` and pack it into `stage/out`; returns the tarball's path and report. */
export async function stageAndPack(stage: string): Promise<{ tarball: string; packed: Packed }> {
  const cache = join(root, '.cache', 'pack')
  const key = stageKey()
  const kept = join(cache, key)
  const report = join(kept, 'out', 'packed.json')
  if (existsSync(report)) {
    cpSync(kept, stage, { recursive: true })
    const packed = JSON.parse(readFileSync(report, 'utf8')) as Packed
    return { tarball: join(stage, 'out', packed.filename), packed }
  }
  const built = await buildAndPack(stage)
  // Kept for the next caller with the same inputs: copied whole, then renamed (the first of two wins).
  mkdirSync(cache, { recursive: true })
  const fresh = mkdtempSync(join(cache, 'building-'))
  cpSync(stage, fresh, { recursive: true })
  writeFileSync(join(fresh, 'out', 'packed.json'), JSON.stringify(built.packed))
  try {
    renameSync(fresh, kept)
  } catch {
    rmSync(fresh, { recursive: true, force: true })
  }
  for (const old of readdirSync(cache)) if (old !== key && !old.startsWith('building-')) rmSync(join(cache, old), { recursive: true, force: true })
  return built
}

async function buildAndPack(stage: string): Promise<{ tarball: string; packed: Packed }> {
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
