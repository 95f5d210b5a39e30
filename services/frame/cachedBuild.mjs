// The secure frame's build, made once and kept in .cache/frame-build/ while nothing it bundles has
// changed: every demo stack (services/demoStack.mjs: each browser test file starts one) serves the
// same build, and bundling it (606 files) took 2–5 s of each start on a loaded machine.
//
// The cache's key is the hash of this build script, the lockfile and every file the last build
// bundled (their paths and contents, as esbuild's metafile lists them): a change to any of them, a
// new import among them, is a new key and a new build. Builds land in a folder of their own, named
// by their key and renamed into place whole, so two test processes building at once never read half
// a build; the latest few are kept.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildFrame } from './build.mjs'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const CACHE = join(ROOT, '.cache', 'frame-build')
const INPUTS = join(CACHE, 'inputs.json')
/** Besides what the build bundles: how it bundles, and which packages. */
const ALWAYS = [fileURLToPath(new URL('./build.mjs', import.meta.url)), join(ROOT, 'package-lock.json')]
/** Builds kept (the newest); older ones are removed when a new one lands. */
const KEEP = 3

function keyOf(inputs) {
  const hash = createHash('sha256')
  for (const path of [...ALWAYS, ...inputs]) {
    hash.update(path).update('\0')
    hash.update(existsSync(path) ? readFileSync(path) : 'missing').update('\0')
  }
  return hash.digest('hex').slice(0, 24)
}

/** A folder holding the frame's build (index.html and main-<hash>.js), built first if needed. */
export async function cachedFrameBuild() {
  if (existsSync(INPUTS)) {
    const dir = join(CACHE, keyOf(JSON.parse(readFileSync(INPUTS, 'utf8'))))
    if (existsSync(join(dir, 'index.html'))) return dir
  }
  mkdirSync(CACHE, { recursive: true })
  const partial = join(CACHE, `partial-${process.pid}-${Date.now()}`)
  try {
    const built = await buildFrame({ outdir: partial })
    const dir = join(CACHE, keyOf(built.inputs))
    if (existsSync(join(dir, 'index.html'))) return dir
    try {
      renameSync(partial, dir)
    } catch (error) {
      // Another process put the same build there first.
      if (!existsSync(join(dir, 'index.html'))) throw error
      return dir
    }
    const list = `${INPUTS}.${process.pid}.partial`
    writeFileSync(list, JSON.stringify(built.inputs))
    renameSync(list, INPUTS)
    prune(dir)
    return dir
  } finally {
    rmSync(partial, { recursive: true, force: true })
  }
}

function prune(latest) {
  const builds = readdirSync(CACHE, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[0-9a-f]{24}$/.test(entry.name) && join(CACHE, entry.name) !== latest)
    .map((entry) => ({ path: join(CACHE, entry.name), mtime: statSync(join(CACHE, entry.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)
  for (const old of builds.slice(KEEP - 1)) rmSync(old.path, { recursive: true, force: true })
}
