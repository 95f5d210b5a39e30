/**
 * `airlock/wagmi` in a wagmi 3 app and a wagmi 2 app built from the packed package (issue 25 §1).
 * The package is built and packed, installed into a fresh site (.cache/wagmi-app) beside wagmi 3,
 * wagmi 2 (as `wagmi-v2`), TanStack Query and React; the site's page is bundled twice by esbuild,
 * `wagmi` aliased to `wagmi-v2` for the second, and type-checked by the site's own tsc against the
 * package's declarations with each. Each is served by its own static server (its own
 * origin, so its own storage), both on the same two anvil chains. In one Chromium, for each app:
 * a connect the visitor abandons (the modal closed) is wagmi's 4001; a connect through Airlock's
 * modal shows the Demo Wallet's account in useAccount; wagmi signs a message and typed data
 * (verified with viem) and sends 0.001 ETH (a receipt on anvil, the recipient's balance up by as
 * much, in useBalance too); switchChain from wagmi moves Airlock's network and Airlock's switch
 * moves wagmi's chain; a reload reconnects; wagmi's disconnect disconnects Airlock, and Airlock's
 * own connect and disconnect reach wagmi.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Metafile } from 'esbuild'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { verifyMessage, verifyTypedData, type Hex } from 'viem'
import { startDemoChains, DEV_ACCOUNT } from '../../services/chain/anvil.mjs'
import { startStaticServer } from '../../services/static/server.mjs'
import { printed, root, run, stageAndPack } from '../package/stage'
import { bundlePage, installedCopies, prepareConsumerSite } from '../support/consumerSite'
import { launchLoopbackChromium } from '../support/loopbackChromium'
import { recordProblems } from '../support/pageProblems'
import { AMOUNT, MESSAGE, RECIPIENT, TYPED_DATA, WAGMI_BUILDS, WAGMI_SITE } from './wagmiApp'
import { idleMs } from '../support/until'

const app = join(root, '.cache', 'wagmi-app')

let stage = ''
let chains: Awaited<ReturnType<typeof startDemoChains>> | undefined
const servers: Awaited<ReturnType<typeof startStaticServer>>[] = []
const urls: Record<string, string> = {}
const bundles: Record<string, Metafile> = {}
let context: BrowserContext | undefined
const problems: string[] = []

beforeAll(async () => {
  stage = mkdtempSync(join(tmpdir(), 'airlock-wagmi-pack-'))
  const [{ tarball }, started] = await Promise.all([stageAndPack(stage), startDemoChains()])
  chains = started
  // wagmi 2 brings its connectors' wallet SDKs (MetaMask's, Coinbase's, WalletConnect's AppKit…):
  // a cold install from the npm cache takes minutes on a busy machine, a warm one seconds.
  prepareConsumerSite(app, tarball, WAGMI_SITE, { timeout: 400_000, ignoreScripts: true })
  const connect = chains.chains.map((chain) => new URL(chain.rpcUrl).origin)
  for (const build of WAGMI_BUILDS) {
    bundles[build.name] = await bundlePage(app, { entry: 'src/page.tsx', outdir: `www/${build.dir}/dist`, alias: build.alias })
    const server = await startStaticServer({ root: join(app, 'www', build.dir), connect, json: { '/env.json': { chains: chains.chains } } })
    servers.push(server)
    urls[build.name] = server.url
  }
  context = await launchLoopbackChromium()
}, idleMs(900_000))

afterAll(async () => {
  await context?.close()
  for (const server of servers) await server.close()
  await chains?.stop()
  if (stage) rmSync(stage, { recursive: true, force: true })
}, idleMs(60_000))

describe('airlock/wagmi in wagmi apps built from the packed package', () => {
  it('installs one copy of airlock, wagmi 3 and wagmi 2; each bundle takes airlock/wagmi from node_modules and its own wagmi', () => {
    expect(installedCopies(app, 'airlock')).toEqual(['node_modules/airlock'])
    expect(installedCopies(app, 'react')).toEqual(['node_modules/react'])
    for (const build of WAGMI_BUILDS) {
      const inputs = Object.keys(bundles[build.name]!.inputs)
      expect(inputs).toContain('node_modules/airlock/dist/lib/wagmi.js')
      expect(inputs.filter((path) => path.startsWith('..'))).toEqual([])
      const wagmi = inputs.filter((path) => /^node_modules\/wagmi(-v2)?\//.test(path)).map((path) => path.split('/')[1])
      expect(new Set(wagmi)).toEqual(new Set([build.dir === 'v2' ? 'wagmi-v2' : 'wagmi']))
    }
  })

  it(
    "type-checks the page with the site's own tsc against the package's declarations, with wagmi 3 and with wagmi 2",
    () => {
      for (const build of WAGMI_BUILDS) {
        const result = run(join(app, 'node_modules', '.bin', 'tsc'), ['-p', build.tsconfig], app)
        expect(result.status, `${build.name}: ${printed(result)}`).toBe(0)
      }
    },
    idleMs(150_000),
  )

  for (const build of WAGMI_BUILDS) {
    it(
      `${build.name}: connect through Airlock's modal, sign, send, switch chain both ways, reload, disconnect both ways`,
      async () => {
        const page = await context!.newPage()
        recordProblems(page, problems)
        await journey(page, urls[build.name]!, build.dir === 'v2' ? /^wagmi 2\./ : /^wagmi 3\./, build.dir)
        await page.close()
        expect(problems).toEqual([])
      },
      idleMs(150_000),
    )
  }
})

async function journey(page: Page, url: string, version: RegExp, label: string): Promise<void> {
  const [chainA, chainB] = chains!.chains
  const dialog = page.getByRole('dialog')
  const text = (id: string) => page.locator(`#${id}`)
  const airlockState = () => page.evaluate(() => window.airlock.getState())

  await page.goto(url)
  await expect.poll(() => page.getByRole('heading').textContent()).toMatch(version)
  await expect.poll(() => text('status').textContent()).toBe('disconnected')

  // The visitor opens the modal from wagmi's connect and closes it: wagmi's connect fails with 4001.
  await page.getByRole('button', { name: 'Connect with wagmi', exact: true }).click()
  await dialog.getByRole('button', { name: 'Demo Wallet' }).waitFor()
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect.poll(() => text('connect-error').textContent()).toBe('UserRejectedRequestError 4001')
  expect(await text('status').textContent()).toBe('disconnected')

  // Connect through Airlock's modal: useAccount shows the Demo Wallet's account on the first chain.
  await page.getByRole('button', { name: 'Connect with wagmi', exact: true }).click()
  await dialog.getByRole('button', { name: 'Demo Wallet' }).waitFor()
  mkdirSync('test-results', { recursive: true })
  await page.screenshot({ path: `test-results/wagmi-${label}-modal.png`, animations: 'disabled' })
  await dialog.getByRole('button', { name: 'Demo Wallet' }).click()
  await expect.poll(() => text('status').textContent()).toBe('connected')
  expect(await text('address').textContent()).toBe(DEV_ACCOUNT.address)
  expect(await text('chain').textContent()).toBe(String(chainA!.chainId))
  expect(await text('connect-error').textContent()).toBe('')
  expect((await airlockState()).connection.connectedNamespaces).toEqual(['eip155'])
  await page.screenshot({ path: `test-results/wagmi-${label}-connected.png` })

  // useSignMessage and useSignTypedData, through the wallet Airlock connected.
  await page.getByRole('button', { name: 'Sign a message', exact: true }).click()
  await expect.poll(() => text('signature').textContent()).toMatch(/^0x[0-9a-f]{130}$/)
  const signature = (await text('signature').textContent()) as Hex
  expect(await verifyMessage({ address: DEV_ACCOUNT.address, message: MESSAGE, signature })).toBe(true)
  await page.getByRole('button', { name: 'Sign typed data', exact: true }).click()
  await expect.poll(() => text('typed-signature').textContent()).toMatch(/^0x[0-9a-f]{130}$/)
  const typed = (await text('typed-signature').textContent()) as Hex
  expect(await verifyTypedData({ address: DEV_ACCOUNT.address, ...TYPED_DATA, signature: typed })).toBe(true)

  // useSendTransaction: a receipt on anvil, and the recipient's balance up by the amount (in useBalance too).
  const anvil = chains!.anvils[0]!
  const before = BigInt((await anvil.rpc('eth_getBalance', [RECIPIENT, 'latest'])) as string)
  await page.getByRole('button', { name: 'Send 0.001 ETH', exact: true }).click()
  await expect.poll(() => text('receipt').textContent(), { timeout: idleMs(30_000) }).toBe('success')
  const hash = await text('transaction').textContent()
  const receipt = (await anvil.rpc('eth_getTransactionReceipt', [hash])) as { status: string; from: string }
  expect(receipt.status).toBe('0x1')
  expect(receipt.from.toLowerCase()).toBe(DEV_ACCOUNT.address.toLowerCase())
  const after = BigInt((await anvil.rpc('eth_getBalance', [RECIPIENT, 'latest'])) as string)
  expect(after - before).toBe(AMOUNT)
  await expect.poll(() => text('balance').textContent()).toBe(after.toString())

  // switchChain from wagmi moves Airlock's network (and the wallet); Airlock's switch moves wagmi's chain.
  await page.getByRole('button', { name: `Switch to ${chainB!.name}` }).click()
  await expect.poll(() => text('chain').textContent()).toBe(String(chainB!.chainId))
  expect((await airlockState()).networks.activeCaipNetworkId).toBe(`eip155:${chainB!.chainId}`)
  await page.evaluate((id) => window.airlock.switchNetwork(id), `eip155:${chainA!.chainId}`)
  await expect.poll(() => text('chain').textContent()).toBe(String(chainA!.chainId))

  // A reload: Airlock restores its connection and wagmi reconnects to it, with no click.
  await page.reload()
  await expect.poll(() => text('status').textContent()).toBe('connected')
  expect(await text('address').textContent()).toBe(DEV_ACCOUNT.address)
  expect(await text('chain').textContent()).toBe(String(chainA!.chainId))
  expect((await airlockState()).connection.connectedNamespaces).toEqual(['eip155'])

  // wagmi's disconnect disconnects Airlock.
  await page.getByRole('button', { name: 'Disconnect with wagmi', exact: true }).click()
  await expect.poll(() => text('status').textContent()).toBe('disconnected')
  await expect.poll(async () => (await airlockState()).connection.connectedNamespaces).toEqual([])

  // Airlock's own modal (opened by the site, not by wagmi) connects: wagmi follows; Airlock's disconnect too.
  await page.evaluate(() => window.airlock.open())
  await dialog.getByRole('button', { name: 'Demo Wallet' }).click()
  await expect.poll(() => text('status').textContent()).toBe('connected')
  expect(await text('address').textContent()).toBe(DEV_ACCOUNT.address)
  await page.evaluate(() => window.airlock.disconnect())
  await expect.poll(() => text('status').textContent()).toBe('disconnected')
}
