/**
 * `airlock/solana` in an app on Solana's wallet adapter, built from the packed package (issue 25
 * §2). The package is built and packed, installed into a fresh app (.cache/solana-adapter-app)
 * beside React, `@solana/wallet-adapter-react` and `@solana/web3.js`; the app's page is bundled by
 * esbuild and type-checked by the app's own tsc against the package's declarations; it runs on
 * the local SVM (services/solana: litesvm behind JSON-RPC and its subscriptions). A test Solana
 * wallet (the demo's) registers on the page listing the clusters by their standard names, the
 * local validator as `solana:localnet`. In Chromium: the adapter lists Airlock beside the test
 * wallet, and Airlock does not list itself; selecting Airlock opens Airlock's modal, the visitor
 * picks the test wallet there, and `useWallet().publicKey` is its address; `signMessage` gives a
 * signature that verifies (ed25519); `sendTransaction` over `useConnection()` moves the lamports
 * on the SVM; after a reload the adapter's autoConnect finds Airlock's restored connection; the
 * adapter's disconnect disconnects Airlock, and Airlock's disconnect the adapter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Metafile } from 'esbuild'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { DEMO_SOLANA_ADDRESS, DEMO_SOLANA_SECRET_KEY, startSolana, type LocalSolana } from '../../services/solana/server.mjs'
import { startStaticServer } from '../../services/static/server.mjs'
import { solanaTestWalletAddress } from '../../demo/wallets/solanaWallet'
import { printed, root, run, stageAndPack } from '../package/stage'
import { bundlePage, installedCopies, prepareConsumerSite } from '../support/consumerSite'
import { launchLoopbackChromium } from '../support/loopbackChromium'
import { recordProblems } from '../support/pageProblems'
import { LAMPORTS, MESSAGE, SOLANA_ADAPTER_APP, TEST_WALLET } from './solanaAdapterApp'
import { idleMs } from '../support/until'

const app = join(root, '.cache', 'solana-adapter-app')
/** Where the page sends (RFC 8032's second test key; public, worthless). */
const RECEIVER_SEED = '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb'

let stage = ''
let solana: LocalSolana | undefined
let server: Awaited<ReturnType<typeof startStaticServer>> | undefined
let bundle: Metafile
let context: BrowserContext | undefined
let receiver = ''
const problems: string[] = []

beforeAll(async () => {
  stage = mkdtempSync(join(tmpdir(), 'airlock-solana-pack-'))
  const [{ tarball }, started] = await Promise.all([stageAndPack(stage), startSolana({ accounts: [{ address: DEMO_SOLANA_ADDRESS, lamports: 10n ** 10n }] })])
  solana = started
  receiver = await solanaTestWalletAddress(RECEIVER_SEED)
  prepareConsumerSite(app, tarball, SOLANA_ADAPTER_APP, { timeout: 300_000, ignoreScripts: true })
  bundle = await bundlePage(app, { entry: 'src/page.tsx' })
  server = await startStaticServer({
    root: join(app, 'www'),
    connect: [new URL(solana.url).origin, new URL(solana.wsUrl).origin],
    json: {
      '/env.json': {
        rpcUrl: solana.url,
        wsUrl: solana.wsUrl,
        caipNetworkId: solana.caipNetworkId,
        // The demo wallet's key: published, worthless off this local chain.
        secretKey: DEMO_SOLANA_SECRET_KEY,
        address: DEMO_SOLANA_ADDRESS,
        receiver,
      },
    },
  })
  context = await launchLoopbackChromium()
}, idleMs(600_000))

afterAll(async () => {
  await context?.close()
  await server?.close()
  await solana?.stop()
  if (stage) rmSync(stage, { recursive: true, force: true })
}, idleMs(60_000))

async function lamports(address: string): Promise<bigint> {
  const response = await fetch(solana!.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
  })
  return BigInt(((await response.json()) as { result: { value: number } }).result.value)
}

/** Wait until the element `selector` reads `text` (or matches it). */
async function reads(page: Page, selector: string, text: string | RegExp): Promise<string> {
  const element = page.locator(selector)
  await element.filter({ hasText: text }).waitFor()
  return (await element.textContent()) ?? ''
}

describe('airlock/solana in an app on Solana’s wallet adapter, built from the packed package', () => {
  it('installs one copy of airlock and of React; the bundle takes airlock/solana from node_modules, nothing from this repository', () => {
    expect(installedCopies(app, 'airlock')).toEqual(['node_modules/airlock'])
    expect(installedCopies(app, 'react')).toEqual(['node_modules/react'])
    const inputs = Object.keys(bundle.inputs)
    expect(inputs).toContain('node_modules/airlock/dist/lib/solana.js')
    expect(inputs.some((path) => path.startsWith('node_modules/@solana/wallet-adapter-react/'))).toBe(true)
    expect(inputs.filter((path) => path.startsWith('..'))).toEqual([])
  })

  it(
    "type-checks the page with the app's own tsc against the package's declarations",
    () => {
      const result = run(join(app, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], app)
      expect(result.status, printed(result)).toBe(0)
    },
    idleMs(120_000),
  )

  it(
    'in Chromium: the adapter lists Airlock, which connects through its modal, signs, sends on the local SVM, reconnects after a reload and disconnects both ways',
    async () => {
      const page = await context!.newPage()
      recordProblems(page, problems)
      const wallets = page.getByRole('list', { name: 'Wallets' })
      const dialog = page.getByRole('dialog')
      await page.goto(server!.url)

      // The adapter discovers both Wallet Standard wallets; Airlock discovers the test wallet, never itself.
      await wallets.getByRole('button', { name: 'Airlock', exact: true }).waitFor()
      await wallets.getByRole('button', { name: TEST_WALLET, exact: true }).waitFor()
      expect((await wallets.getByRole('button').allTextContents()).sort()).toEqual(['Airlock', TEST_WALLET])
      await page.waitForFunction((name) => window.airlock.getState().connectors.allConnectors.some((c) => c.name === name), TEST_WALLET)
      expect(await page.evaluate(() => window.airlock.getState().connectors.allConnectors.map((c) => c.name))).not.toContain('Airlock')

      // Select Airlock: its modal opens on Solana; the visitor picks the test wallet there.
      await wallets.getByRole('button', { name: 'Airlock', exact: true }).click()
      await dialog.getByRole('button', { name: TEST_WALLET }).waitFor()
      expect(await dialog.getByRole('button', { name: 'Airlock' }).count()).toBe(0)
      mkdirSync('test-results', { recursive: true })
      await page.screenshot({ path: 'test-results/solana-adapter-modal.png' })
      await dialog.getByRole('button', { name: TEST_WALLET }).click()
      expect(await reads(page, '#public-key', DEMO_SOLANA_ADDRESS)).toBe(DEMO_SOLANA_ADDRESS)
      expect(await page.locator('#wallet').textContent()).toBe('Airlock')
      await dialog.waitFor({ state: 'hidden' })
      expect(await page.evaluate(() => window.airlock.getState().account.accounts.solana.address)).toBe(DEMO_SOLANA_ADDRESS)

      // useWallet().signMessage: the test wallet's ed25519 signature over the message's bytes.
      await page.getByRole('button', { name: 'Sign message' }).click()
      const signature = await reads(page, '#signature', /^[0-9a-f]{128}$/)
      const bytes = Uint8Array.from(signature.match(/../g)!, (pair) => Number.parseInt(pair, 16))
      expect(ed25519.verify(bytes, new TextEncoder().encode(MESSAGE), base58.decode(DEMO_SOLANA_ADDRESS))).toBe(true)

      // sendTransaction over useConnection()'s connection: the lamports move on the SVM.
      const before = await lamports(receiver)
      await page.getByRole('button', { name: 'Send 0.01 SOL' }).click()
      const sent = await reads(page, '#sent', /^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
      expect(base58.decode(sent)).toHaveLength(64)
      expect(await lamports(receiver)).toBe(before + LAMPORTS)
      expect(await page.locator('#failure').textContent()).toBe('')
      await page.screenshot({ path: 'test-results/solana-adapter-connected.png' })

      // A reload: Airlock restores its connection, and the adapter's silent autoConnect waits for it, opening nothing.
      await page.reload()
      expect(await reads(page, '#public-key', DEMO_SOLANA_ADDRESS)).toBe(DEMO_SOLANA_ADDRESS)
      expect(await page.evaluate(() => window.airlock.getState().router.open)).toBe(false)

      // The adapter's disconnect disconnects Airlock.
      await page.getByRole('button', { name: 'Disconnect' }).click()
      await reads(page, '#public-key', 'not connected')
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.length === 0)

      // Connected again, Airlock's disconnect reaches the adapter.
      await wallets.getByRole('button', { name: 'Airlock', exact: true }).click()
      await dialog.getByRole('button', { name: TEST_WALLET }).click()
      await reads(page, '#public-key', DEMO_SOLANA_ADDRESS)
      await page.evaluate(() => window.airlock.disconnect())
      await reads(page, '#public-key', 'not connected')
      expect(await page.locator('#wallet').textContent()).toBe('')

      await page.close()
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )
})
