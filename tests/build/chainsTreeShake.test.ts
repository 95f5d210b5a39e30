/**
 * A chain a site does not import costs it nothing (issue 28 §1, SPEC §9 supported chains): a page
 * built with esbuild against the library as published (bench/peers/airlockPackage.mjs, the Rollup
 * build `npm pack` ships) that imports `ethereum` carries none of the other built-in chains'
 * definitions (their RPC hosts and explorers); one that imports `gnosis` carries Gnosis's. Each
 * chain's `defineChain(…)` call is marked pure, or a bundler would keep every one of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as esbuild from 'esbuild'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildAirlockPackage } from '../../bench/peers/airlockPackage.mjs'
import { idleMs } from '../support/until'

/** Each built-in chain's export and a string only its definition holds (its RPC host). */
const MARKS: Record<string, string> = {
  ethereum: 'eth.merkle.io',
  gnosis: 'rpc.gnosischain.com',
  zksync: 'mainnet.era.zksync.io',
  celo: 'forno.celo.org',
  aurora: 'mainnet.aurora.dev',
  avalanche: 'api.avax.network',
  arbitrum: 'arb1.arbitrum.io',
  polygon: 'polygon-rpc.com',
}

let dir = ''
let plugin: esbuild.Plugin

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-chains-'))
  plugin = (await buildAirlockPackage(join(dir, '.airlock'))).plugin
}, idleMs(120_000))

afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The minified page (all its files) that imports `names` from 'airlock' and logs them. */
async function page(names: readonly string[]): Promise<string> {
  const entry = join(dir, `${names.join('-')}.js`)
  writeFileSync(entry, `import { ${names.join(', ')} } from 'airlock'\nconsole.log(${names.join(', ')})\n`)
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    splitting: true,
    outdir: join(dir, 'out'),
    minify: true,
    platform: 'browser',
    logLevel: 'error',
    plugins: [plugin],
  })
  return result.outputFiles.map((file) => file.text).join('\n')
}

describe('built-in chains in a site’s bundle', () => {
  it(
    'a page importing ethereum carries no other chain; one importing gnosis, zksync, celo and aurora carries those four',
    async () => {
      const withEthereum = await page(['ethereum'])
      expect(Object.keys(MARKS).filter((name) => withEthereum.includes(MARKS[name]!))).toEqual(['ethereum'])
      const withFour = await page(['gnosis', 'zksync', 'celo', 'aurora'])
      expect(Object.keys(MARKS).filter((name) => withFour.includes(MARKS[name]!))).toEqual(['gnosis', 'zksync', 'celo', 'aurora'])
    },
    idleMs(120_000),
  )
})
