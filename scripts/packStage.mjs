// The packed package's stage, as tests/package/stage.ts keeps it: .cache/pack/<key>, where <key> is
// the hash of everything the stage is made of (the sources, the build scripts and settings, the
// locked dependencies, the packed files), holding dist/{lib,standalone,types}, package.json, README
// and LICENSE, and out/ with the tarball `npm pack` made of them and its report (packed.json).
//
// `npm test` builds the same three folders into dist/ (its build step, `node esbuild.config.mjs`)
// right before the tests, from the same inputs; `seedStage()` keeps that build as the stage, so the
// first test that packs the package (tests/docs/codeBlocks, tests/package/pack, the example apps)
// copies it instead of building the library, the standalone bundle and the declarations a second
// time (a Rollup build, another, and a TypeScript program over src/).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { root } from './ensure-install.mjs'

/** Where the stages are kept, one per key. */
export const PACK_CACHE = join(root, '.cache', 'pack')

/** What a stage is made of besides src/ (tests left out): every file the build and the pack read. */
export const STAGE_INPUTS = [
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
  'scripts/packStage.mjs',
  'tests/package/stage.ts',
]

/** The built folders a stage holds, as package.json `files` ships them. */
export const STAGE_DIST = ['lib', 'standalone', 'types']

/** The hash of what a stage is made of: a stage kept under it is the one these inputs build. */
export function stageKey() {
  const hash = createHash('sha256')
  const walk = (dir) =>
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

/** The environment for a child `npm`: ours without the `npm_*` variables `npm test` sets. */
export function childEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')))
}

/**
 * `npm pack` of a built stage (its dist/, package.json, README and LICENSE) into `stage/out`;
 * returns the tarball's report (`npm pack --json`'s one entry). `timeout` in ms.
 */
export function packStage(stage, timeout = 120_000) {
  const out = join(stage, 'out')
  mkdirSync(out, { recursive: true })
  const result = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], {
    cwd: stage,
    env: childEnv(),
    encoding: 'utf8',
    timeout,
    maxBuffer: 64 * 1024 * 1024,
  })
  const printed = `${result.stdout}\n${result.stderr}\n${result.error?.message ?? ''}`
  if (result.status !== 0) throw new Error(`npm pack failed:\n${printed}`)
  const [packed] = JSON.parse(result.stdout)
  if (!packed) throw new Error(`npm pack reported nothing:\n${printed}`)
  return packed
}

/**
 * Keep a built and packed stage under `key` for the next caller: copied whole into .cache/pack,
 * then renamed (the first of two at once wins); the stages of other keys go.
 */
export function keepStage(stage, key, packed) {
  mkdirSync(PACK_CACHE, { recursive: true })
  const fresh = mkdtempSync(join(PACK_CACHE, 'building-'))
  cpSync(stage, fresh, { recursive: true })
  publish(fresh, key, packed)
}

/** Rename `fresh` (a folder in .cache/pack) to `key` with its report, or drop it if `key` is kept already; prune the other keys. */
function publish(fresh, key, packed) {
  writeFileSync(join(fresh, 'out', 'packed.json'), JSON.stringify(packed))
  try {
    renameSync(fresh, join(PACK_CACHE, key))
  } catch {
    rmSync(fresh, { recursive: true, force: true })
  }
  for (const old of readdirSync(PACK_CACHE)) if (old !== key && !old.startsWith('building-')) rmSync(join(PACK_CACHE, old), { recursive: true, force: true })
}

/**
 * Keep the build in `dist` (`npm test`'s build step's, just made) as the stage of `key`, the key
 * read before that build started: nothing is kept when the inputs changed since (an edit during the
 * build), or when a stage of that key is kept already. Returns what it did, for the log.
 */
export function seedStage(key, dist = join(root, 'dist')) {
  if (existsSync(join(PACK_CACHE, key, 'out', 'packed.json'))) return `kept already (${key})`
  if (stageKey() !== key) return 'not kept: the inputs changed during the build'
  for (const folder of STAGE_DIST) if (!existsSync(join(dist, folder))) return `not kept: ${relative(root, join(dist, folder))} is missing`
  mkdirSync(PACK_CACHE, { recursive: true })
  const stage = mkdtempSync(join(PACK_CACHE, 'building-'))
  try {
    for (const folder of STAGE_DIST) cpSync(join(dist, folder), join(stage, 'dist', folder), { recursive: true })
    for (const file of ['package.json', 'README.md', 'LICENSE']) copyFileSync(join(root, file), join(stage, file))
    const packed = packStage(stage)
    publish(stage, key, packed)
    return `kept ${key} (${packed.filename}, ${packed.files.length} files)`
  } finally {
    // Gone once renamed; left only when the pack failed.
    rmSync(stage, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `node scripts/packStage.mjs --key`: the current key; `node scripts/packStage.mjs <key>`: seed from dist/.
  const [arg] = process.argv.slice(2)
  if (arg === '--key') console.log(stageKey())
  else if (arg) console.log(seedStage(arg))
  else {
    console.error('usage: node scripts/packStage.mjs --key | <key>')
    process.exit(2)
  }
}
