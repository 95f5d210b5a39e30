/**
 * The package as a site gets it (issue 11 §5, §7): `npm pack` of a fresh build holds the library,
 * its type declarations and the LICENSE, no source maps; publint and arethetypeswrong pass; and
 * installed into a fresh TypeScript app beside that app's own React, it gives one copy of React
 * and type-checks a usage example with the app's own `tsc`.
 *
 * The app lives in .cache/package-consumer between runs (its node_modules make the install take
 * a second instead of twenty); a failed install starts it over once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { installedCopies, prepareConsumerSite } from '../support/consumerSite'
import { CONSUMER_APP } from './consumerApp'
import { printed, root, run, stageAndPack, type Packed } from './stage'
import { idleMs } from '../support/until'

const bin = (name: string) => join(root, 'node_modules', '.bin', name)
const consumer = join(root, '.cache', 'package-consumer')

/**
 * Packages whose own declarations need @types/node, which a browser app does not install. They
 * come in through the WalletConnect client's storage type (`AirlockSetup.connectors`); only
 * `skipLibCheck: false` sees them. Any other package failing there is a new leak and fails.
 */
const NEEDS_NODE_TYPES = ['@walletconnect/', 'pino/', 'pino-std-serializers/', 'sonic-boom/']

let stage = ''
let tarball = ''
let packed: Packed
let manifest: { exports: Record<string, Record<string, string>>; [key: string]: unknown }

beforeAll(async () => {
  stage = mkdtempSync(join(tmpdir(), 'airlock-pack-'))
  ;({ tarball, packed } = await stageAndPack(stage))
  manifest = JSON.parse(readFileSync(join(stage, 'package.json'), 'utf8'))
}, idleMs(240_000))

afterAll(() => {
  if (stage) rmSync(stage, { recursive: true, force: true })
})

describe('npm pack', () => {
  it('holds the library, its declarations, the LICENSE, the README and package.json, and no source maps', () => {
    const paths = packed.files.map((file) => file.path)
    for (const path of ['LICENSE', 'README.md', 'package.json', 'dist/lib/index.js', 'dist/lib/react.js', 'dist/types/index.d.ts', 'dist/types/react.d.ts']) {
      expect(paths).toContain(path)
    }
    expect(paths.filter((path) => path.endsWith('.map'))).toEqual([])
    expect(paths.filter((path) => !path.startsWith('dist/lib/') && !path.startsWith('dist/types/'))).toEqual(
      expect.arrayContaining(['LICENSE', 'README.md', 'package.json']),
    )
    expect(paths.filter((path) => !path.startsWith('dist/'))).toHaveLength(3)
    expect(readFileSync(join(stage, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 the Airlock authors\n/)
  })

  it('points every path of its exports map at a file it holds', () => {
    const paths = new Set(packed.files.map((file) => file.path))
    const targets = Object.values(manifest.exports).flatMap((conditions) => Object.values(conditions))
    expect(targets.length).toBeGreaterThanOrEqual(4)
    for (const target of targets) expect(paths, target).toContain(target.replace(/^\.\//, ''))
  })

  it('asks for React and react-dom 18 or 19 as peer dependencies instead of bringing its own, and stays side-effect free', () => {
    const peers = manifest.peerDependencies as Record<string, string>
    expect(peers).toMatchObject({ react: '^18.2.0 || ^19.0.0', 'react-dom': '^18.2.0 || ^19.0.0' })
    // Every other peer is an optional one of an integration entry (wagmi's for airlock/wagmi): a site without it installs nothing more.
    const optional = (manifest.peerDependenciesMeta ?? {}) as Record<string, { optional?: boolean }>
    for (const name of Object.keys(peers).filter((peer) => peer !== 'react' && peer !== 'react-dom')) expect(optional[name]?.optional, name).toBe(true)
    expect(manifest.dependencies).not.toHaveProperty('react')
    expect(manifest.dependencies).not.toHaveProperty('react-dom')
    expect(manifest.sideEffects).toBe(false)
  })

  it('passes publint, warnings counted as errors', () => {
    const result = run(bin('publint'), ['run', tarball, '--strict'], stage)
    expect(result.status, printed(result)).toBe(0)
  })

  it('passes arethetypeswrong for an ESM-only package (node16 from ESM, bundlers)', () => {
    const result = run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'table-flipped'], stage)
    expect(result.status, printed(result)).toBe(0)
  })
})

describe('installed into a fresh TypeScript app beside its own React', () => {
  beforeAll(() => prepareConsumerSite(consumer, tarball, CONSUMER_APP), idleMs(360_000))

  it('gives exactly one copy of React and of react-dom', () => {
    expect(installedCopies(consumer, 'airlock')).toEqual(['node_modules/airlock'])
    expect(installedCopies(consumer, 'react')).toEqual(['node_modules/react'])
    expect(installedCopies(consumer, 'react-dom')).toEqual(['node_modules/react-dom'])
  })

  it(
    "type-checks the usage example with the app's own tsc, as a bundled site compiles it",
    () => {
      const result = run(join(consumer, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], consumer)
      expect(result.status, printed(result)).toBe(0)
    },
    idleMs(240_000),
  )

  it(
    'type-checks it with Node ESM resolution and every declaration checked: no error in ours or in the app',
    () => {
      const result = run(join(consumer, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.strict.json'], consumer)
      const errors = result.stdout.split('\n').filter((line) => /^\S.*\(\d+,\d+\): error TS\d+/.test(line))
      const theirs = errors.filter((line) => line.startsWith('node_modules/') && !line.startsWith('node_modules/airlock/'))
      const ours = errors.filter((line) => !theirs.includes(line))
      expect(ours, printed(result)).toEqual([])
      expect(theirs.filter((line) => !NEEDS_NODE_TYPES.some((pkg) => line.startsWith(`node_modules/${pkg}`)))).toEqual([])
      // A status of 0 with errors listed (or the reverse) would mean the output was misread.
      expect(result.status === 0, printed(result)).toBe(errors.length === 0)
    },
    idleMs(240_000),
  )
})
