// One build of the library, the demo and the console at a time, and none when nothing changed.
// Twenty-odd browser tests each need dist/lib, demo/dist and console/dist built from the current
// sources. Building in each of them cost about 8 s apiece on 2 cores, and two test runs building
// at once (two workers, or two people on one checkout) removed each other's demo/dist while the
// other served it. So a build takes a lock (a directory, created atomically, holding the owner's
// pid so a crashed owner's lock is taken over) and leaves a stamp: the hash of every input. A test
// calls `ensureBuilt`, which builds only when the stamp differs from the inputs' hash.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CACHE = join(ROOT, '.cache')
const LOCK = join(CACHE, 'build.lock')
const STAMP = join(CACHE, 'build.stamp')
/** What the builds read: source folders (their built output and tests left out) and files. */
const INPUT_DIRS = ['src', 'demo', 'console', 'examples']
const INPUT_FILES = [
  'esbuild.config.mjs',
  'scripts/buildLibrary.mjs',
  'scripts/sdkImports.mjs',
  'scripts/declarations.mjs',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
]
/** What a build leaves; a stamp without them (deleted by hand) does not count. */
const OUTPUTS = ['dist/lib/index.js', 'demo/dist/demo.js', 'demo/dist/wagmi/wagmi.js', 'console/dist/console.js']

function files(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'dist' || entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : files(path)
    return /\.test\.tsx?$/.test(entry.name) ? [] : [path]
  })
}

/** The hash of every input's path and content. */
export function inputsHash() {
  const hash = createHash('sha256')
  const paths = [...INPUT_DIRS.flatMap((dir) => files(join(ROOT, dir))), ...INPUT_FILES.map((file) => join(ROOT, file)).filter((file) => existsSync(file))]
  for (const path of paths.sort()) {
    hash.update(relative(ROOT, path)).update('\0').update(readFileSync(path)).update('\0')
  }
  return hash.digest('hex')
}

const alive = (pid) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

/** Run `work` holding the build lock; waits (polling) while another process holds it. */
export async function withBuildLock(work) {
  mkdirSync(CACHE, { recursive: true })
  const token = `${process.pid}:${Math.random()}`
  for (;;) {
    try {
      mkdirSync(LOCK)
      writeFileSync(join(LOCK, 'owner'), token)
      break
    } catch (error) {
      if (error.code !== 'EEXIST') throw error
      // A lock whose owner died is taken over; one being created has no owner file for a moment.
      let owner = ''
      try {
        owner = readFileSync(join(LOCK, 'owner'), 'utf8')
      } catch {
        owner = ''
      }
      const pid = Number(owner.split(':')[0])
      if (owner !== '' && !alive(pid)) rmSync(LOCK, { recursive: true, force: true })
      else await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  try {
    return await work()
  } finally {
    rmSync(LOCK, { recursive: true, force: true })
  }
}

/** Whether the last build's stamp matches the inputs now and its outputs are there. */
export function upToDate(hash) {
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash && OUTPUTS.every((file) => existsSync(join(ROOT, file)))
}

export function writeStamp(hash) {
  writeFileSync(STAMP, hash)
}

export function clearStamp() {
  rmSync(STAMP, { force: true })
}
