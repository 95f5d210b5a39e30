// The reference verifier (src/siwx/verify.ts, `airlock/siwx`) for the sessions service. Node 20
// runs no TypeScript, so the file is bundled once with esbuild (everything inside: viem's
// ecrecover, ox's ed25519) into a temporary module and imported from there; a site's server
// imports `airlock/siwx` from the built package instead.
import * as esbuild from 'esbuild'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ENTRY = fileURLToPath(new URL('../../src/siwx/verify.ts', import.meta.url))

let loading

/** The verifier module (`verifySiwx`, `memoryNonceStore`, `formatSiwxMessage`, `parseSiwxMessage`, …), bundled on first use. */
export function loadVerifier() {
  loading ??= (async () => {
    const result = await esbuild.build({
      entryPoints: [ENTRY],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
    })
    const dir = mkdtempSync(join(tmpdir(), 'airlock-siwx-'))
    const file = join(dir, 'verify.mjs')
    writeFileSync(file, result.outputFiles[0].contents)
    try {
      return await import(pathToFileURL(file).href)
    } finally {
      // Imported modules stay in memory: the bundle on disk is not needed once it is loaded.
      rmSync(dir, { recursive: true, force: true })
    }
  })()
  return loading
}
