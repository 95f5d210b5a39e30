/**
 * The bundled wallet catalog (issue 11: "a lazy chunk") is reached from the entry points only by
 * a dynamic import, so a page that never opens the modal, or that has a config API, never
 * fetches it.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildLibrary } from '../../esbuild.config.mjs'
import type { LibraryOutput } from '../../scripts/buildLibrary.mjs'

const CATALOG = 'src/remote/config/bundled/wallets.ts'
/** Our budget for the catalog's chunk: 38 wallets with their ids (64 hex digits each), links and chains; icons drawn in code. */
const CATALOG_CHUNK_BUDGET = 5 * 1024

let outputs: Record<string, LibraryOutput> = {}
let outdir = ''

function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    for (const imported of outputs[path]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(entry)
  return seen
}

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'airlock-bundled-'))
  outputs = (await buildLibrary({ outdir })).outputs
  return () => rmSync(outdir, { recursive: true, force: true })
})

describe('the bundled wallet catalog chunk', () => {
  it('is in no entry point nor their static imports', () => {
    for (const entry of ['index.js', 'react.js']) {
      for (const path of staticClosure(entry)) expect(Object.keys(outputs[path]?.inputs ?? {}), path).not.toContain(CATALOG)
    }
  })

  it(`is a chunk of its own, imported dynamically, within ${CATALOG_CHUNK_BUDGET} bytes gzip`, () => {
    const found = Object.entries(outputs).find(([, out]) => CATALOG in out.inputs)
    expect(found).toBeDefined()
    const [path] = found!
    const importers = Object.values(outputs).filter((out) => out.imports.some((i) => i.path === path))
    expect(importers.length).toBeGreaterThan(0)
    for (const out of importers) expect(out.imports.find((i) => i.path === path)?.kind).toBe('dynamic-import')
    expect(gzipSync(readFileSync(join(outdir, path)), { level: 9 }).length).toBeLessThanOrEqual(CATALOG_CHUNK_BUDGET)
  })
})
