/**
 * `airlock/standalone` (scripts/buildStandalone.mjs): a page with no bundler loads it from a URL,
 * so it resolves nothing by package name (React and every dependency are in it), its first load is
 * one file within a byte budget, and what the library keeps lazy (plugins, WalletConnect, Solana)
 * stays out of that first load here too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildStandaloneCached, type StandaloneOutput } from '../../scripts/buildStandalone.mjs'
import { idleMs } from '../support/until'

/**
 * Gzip -9 of airlock.js and its static imports. Issue 25 §3: 136,114 B (everything of `airlock`,
 * the custom elements with the themed buttons, React 19 and react-dom). As esbuild alone splits it,
 * the same code was 54 files and 141.5 KiB.
 */
const FIRST_LOAD_BUDGET = 136 * 1024

let outdir = ''
let outputs: Record<string, StandaloneOutput> = {}

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'airlock-standalone-test-'))
  ;({ outputs } = await buildStandaloneCached({ outdir, cacheDir: join('.cache', 'standalone') }))
}, idleMs(300_000))

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true })
})

/** airlock.js and every file it imports statically: what a page fetches before any dynamic import. */
function firstLoad(): string[] {
  const seen = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    for (const imported of outputs[path]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path)
  }
  visit('airlock.js')
  return [...seen]
}

const held = (paths: readonly string[]) => paths.flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}))

describe('airlock/standalone', () => {
  it('imports only its own files: no package is left for the browser to resolve by name', () => {
    const imports = Object.values(outputs).flatMap((output) => output.imports.map((i) => i.path))
    expect(imports.length).toBeGreaterThan(0)
    expect(imports.filter((path) => !(path in outputs))).toEqual([])
  })

  it('bundles React and react-dom (production builds) with the custom elements', () => {
    const inputs = held(firstLoad())
    expect(inputs).toContain('src/ui/element/defineElements.tsx')
    expect(inputs.some((path) => /node_modules\/react-dom\/cjs\/react-dom-client\.production\.js$/.test(path))).toBe(true)
    expect(inputs.some((path) => /node_modules\/react\/cjs\/react\.production\.js$/.test(path))).toBe(true)
    expect(inputs.filter((path) => /\.development\.js$/.test(path))).toEqual([])
  })

  it('keeps the plugins, the WalletConnect client and the Solana adapter out of the first load', () => {
    const inputs = held(firstLoad())
    for (const lazy of ['src/connectors/walletconnect/client.ts', 'src/chains/solana/adapter.ts', 'src/plugins/swap/index.ts', 'src/ui/mount.tsx']) {
      expect(inputs).not.toContain(lazy)
      expect(held(Object.keys(outputs))).toContain(lazy)
    }
  })

  it(`fetches one file before any dynamic import, within ${FIRST_LOAD_BUDGET / 1024} KiB gzip`, () => {
    const files = firstLoad()
    expect(files).toEqual(['airlock.js'])
    const bytes = files.reduce((sum, path) => sum + gzipSync(readFileSync(join(outdir, path)), { level: 9 }).length, 0)
    expect(bytes).toBeGreaterThan(0)
    expect(bytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET)
  })
})
