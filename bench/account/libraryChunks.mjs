// The library build's chunks (`buildLibrary` into a temp dir, dependencies external), gzip -9:
// the Account plugins' and Send's modules and views, and index.js and react.js with their static imports.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipBytes } from '../shared.mjs'
import { buildLibrary } from '../../scripts/buildLibrary.mjs'

/** The library build's chunks (dependencies external), gzip -9 each: the Account and Send chunks, and each entry point with its static imports. */
export async function libraryChunks() {
  const libDir = mkdtempSync(join(tmpdir(), 'airlock-bench-lib-'))
  const { outputs } = await buildLibrary({ outdir: libDir })
  const libGzip = (path) => gzipBytes(readFileSync(join(libDir, path)))
  const chunkOf = (input) => Object.entries(outputs).find(([, out]) => input in out.inputs)?.[0]
  /** Every output a page fetches before any dynamic import runs, starting from one entry (as tests/build/chunks.test.ts). */
  function staticClosure(entry) {
    const seen = new Set()
    const visit = (path) => {
      if (seen.has(path)) return
      seen.add(path)
      for (const imported of outputs[path]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
    }
    visit(entry)
    return [...seen]
  }
  const libraryRows = [
    ['send', 'module', 'src/plugins/send/index.ts'],
    ['send', 'lazy effects (loaded at the form’s first step)', 'src/plugins/send/effects.ts'],
    ['send', 'view WalletSend', 'src/plugins/send/views/WalletSend.tsx'],
    ['send', 'view WalletSendPreview', 'src/plugins/send/views/WalletSendPreview.tsx'],
    ['tokens', 'module', 'src/plugins/tokens/index.ts'],
    ['tokens', 'view AccountTokens', 'src/plugins/tokens/views/AccountTokens.tsx'],
    ['nfts', 'module', 'src/plugins/nfts/index.ts'],
    ['nfts', 'view AccountNfts', 'src/plugins/nfts/views/AccountNfts.tsx'],
    ['activity', 'module', 'src/plugins/activity/index.ts'],
    ['activity', 'view AccountActivity', 'src/plugins/activity/views/AccountActivity.tsx'],
    ['identity', 'module', 'src/plugins/identity/index.ts'],
  ].map(([plugin, what, input]) => {
    const path = chunkOf(input)
    if (!path) throw new Error(`no chunk holds ${input}`)
    return { plugin, what, path, gzip: libGzip(path) }
  })
  const entryRows = ['index.js', 'react.js'].map((entry) => {
    const closure = staticClosure(entry)
    return { entry, files: closure.length, gzip: closure.reduce((sum, path) => sum + libGzip(path), 0) }
  })
  rmSync(libDir, { recursive: true, force: true })
  return { libraryRows, entryRows }
}
