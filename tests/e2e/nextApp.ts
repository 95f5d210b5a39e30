/**
 * The Next.js example (examples/nextjs) as a site gets it: copied into `dir`, with the packed
 * tarball in place of the published `airlock` and its other dependencies at the versions its
 * package.json pins (our lockfile's, so npm serves them from its cache), built by its own
 * `next build`. The build is kept between runs: it is redone only when what it is made of changed
 * — the tarball's bytes, the example's files, the local chain's RPC URL it inlines — recorded in a
 * stamp beside it.
 */
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { copyTarball } from '../support/consumerSite'

/** What the last build was made of, and the RPC port it inlined (tried first for the next run's anvil). */
export interface BuildStamp {
  readonly key: string
  readonly rpcPort: number
}

const STAMP = '.airlock-build.json'

/** The example's files, relative to it (its own node_modules and build left out). */
function exampleFiles(example: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      if (name === 'node_modules' || name === '.next') return []
      const path = join(dir, name)
      return statSync(path).isDirectory() ? walk(path) : [relative(example, path)]
    })
  return walk(example).sort()
}

/**
 * Write the example into `dir`: its files afresh, and its package.json with `airlock` pointing at
 * the tarball (copied in under a name from its content). Returns the build's key for `rpcUrl`.
 */
export function writeNextApp(example: string, dir: string, tarball: string, rpcUrl: string): string {
  const name = copyTarball(dir, tarball)
  rmSync(join(dir, 'app'), { recursive: true, force: true })
  const hash = createHash('sha256').update(readFileSync(tarball)).update('\0').update(rpcUrl)
  for (const file of exampleFiles(example)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    cpSync(join(example, file), join(dir, file))
    hash
      .update('\0')
      .update(file)
      .update('\0')
      .update(readFileSync(join(example, file)))
  }
  const manifest = JSON.parse(readFileSync(join(example, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  manifest.dependencies.airlock = `file:${name}`
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return hash.digest('hex')
}

/** The stamp of the build in `dir`, if there is one and its output is there. */
export function readStamp(dir: string): BuildStamp | undefined {
  const path = join(dir, STAMP)
  if (!existsSync(path) || !existsSync(join(dir, '.next', 'BUILD_ID'))) return undefined
  return JSON.parse(readFileSync(path, 'utf8')) as BuildStamp
}

export function writeStamp(dir: string, stamp: BuildStamp): void {
  writeFileSync(join(dir, STAMP), JSON.stringify(stamp))
}

export function clearStamp(dir: string): void {
  rmSync(join(dir, STAMP), { force: true })
}
