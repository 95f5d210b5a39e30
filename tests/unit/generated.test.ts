/**
 * Generated sources are what scripts/generate.mjs makes of their data today: the package version
 * (src/version.ts), the bundled wallet catalog (wallets.ts, its namespace files and their chains)
 * and its wallets' store pages (from services/config's catalog). A stale one fails here;
 * `node scripts/generate.mjs` brings it up to date.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { generatedFiles } from '../../scripts/generate.mjs'

describe('generated sources', () => {
  it('are up to date (run `node scripts/generate.mjs`)', async () => {
    const files = await generatedFiles()
    expect(files.map((f) => f.path)).toEqual([
      'src/version.ts',
      'src/remote/config/bundled/wallets.ts',
      'src/remote/config/bundled/evmWallets.ts',
      'src/remote/config/bundled/solanaWallets.ts',
      'src/remote/config/bundled/bitcoinWallets.ts',
      'src/remote/config/bundled/chains.ts',
      'src/ui/views/guideStores.ts',
    ])
    for (const { path, content } of files) expect(readFileSync(path, 'utf8'), path).toBe(content)
  })
})
