/**
 * Issue 28 §5: React 18 and 19 both pass the core flows from the packed package. The package is
 * built and packed once, installed into two fresh apps (.cache/react18-app with React 18.3.1, as
 * the root lockfile pins it through tests/package/react18; .cache/react19-app with our React 19),
 * each page bundled by esbuild from its own node_modules. In Chromium, on two local anvil chains,
 * each app: renders with its own React (the version the page reads from 'react'), opens the modal,
 * connects an announced (EIP-6963) wallet, shows the account through useAccount, switches the
 * network from the Account view (the wallet follows), and disconnects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { http, type Chain } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { installMockWallet } from '@johanneskares/wallet-mock'
import { DEV_ACCOUNT, startAnvil, type Anvil } from '../../services/chain/anvil.mjs'
import { startStaticServer } from '../../services/static/server.mjs'
import { root, stageAndPack } from '../package/stage'
import { bundlePage, installedCopies, installSite, rootPageHtml, siteTsconfig, writeConsumerSite, type ConsumerSite } from '../support/consumerSite'
import { launchLoopbackChromium } from '../support/loopbackChromium'
import { recordProblems } from '../support/pageProblems'
import { idleMs } from '../support/until'

/** The page: the package's provider, modal, button and hooks, on the chains its /env.json names. */
const PAGE = `
import { version } from 'react'
import { createRoot } from 'react-dom/client'
import { createAirlock, defineChain } from 'airlock'
import { AirlockProvider, AirlockModal, ConnectButton, useAccount, useNetwork } from 'airlock/react'

interface Env { readonly chains: { readonly chainId: number; readonly name: string; readonly rpcUrl: string }[] }
const env = (await (await fetch('./env.json')).json()) as Env
const networks = env.chains.map((chain) =>
  defineChain({ id: chain.chainId, name: chain.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } }, testnet: true }),
)
const airlock = createAirlock({
  projectId: 'react-versions',
  networks: networks as [typeof networks[number], ...typeof networks],
  metadata: { name: 'React versions', description: 'React 18 and 19', url: location.origin, icons: [] },
  // The modal renders where the page puts <AirlockModal />, through the page's own React.
  disableAppend: true,
})
Object.assign(window, { airlock })

function Status() {
  const account = useAccount()
  const network = useNetwork()
  return (
    <>
      <p id="status">{account.isConnected ? account.address : 'not connected'}</p>
      <p id="network">{String(network.chainId ?? '')}</p>
    </>
  )
}

createRoot(document.getElementById('root')!).render(
  <AirlockProvider airlock={airlock}>
    <p id="react">{version}</p>
    <ConnectButton />
    <Status />
    <AirlockModal />
  </AirlockProvider>,
)
`

const site = (name: string): ConsumerSite => ({
  name,
  dependencies: ['react', 'react-dom'],
  devDependencies: [],
  files: { 'tsconfig.json': siteTsconfig({ tsBuildInfoFile: '.cache/tsbuildinfo' }), 'src/page.tsx': PAGE, 'www/index.html': rootPageHtml('React versions') },
})

/** React 18 as the root lockfile pins it (tests/package/react18's own node_modules). */
function react18(): Record<string, string> {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> }
  const at = (name: string) => lock.packages[`tests/package/react18/node_modules/${name}`]!.version!
  return { react: at('react'), 'react-dom': at('react-dom') }
}

interface App {
  readonly react: string
  readonly dir: string
  server?: Awaited<ReturnType<typeof startStaticServer>>
}

const APPS: App[] = [
  { react: '18', dir: join(root, '.cache', 'react18-app') },
  { react: '19', dir: join(root, '.cache', 'react19-app') },
]
let stage = ''
const anvils: Anvil[] = []
let context: BrowserContext | undefined

beforeAll(async () => {
  stage = mkdtempSync(join(tmpdir(), 'airlock-react-pack-'))
  const [{ tarball }, a, b] = await Promise.all([stageAndPack(stage), startAnvil({ chainId: 31337 }), startAnvil({ chainId: 1337 })])
  anvils.push(a, b)
  const chains = [
    { chainId: a.chainId, name: 'Chain A', rpcUrl: a.url },
    { chainId: b.chainId, name: 'Chain B', rpcUrl: b.url },
  ]
  for (const app of APPS) {
    installSite(
      app.dir,
      () => {
        writeConsumerSite(app.dir, tarball, site(`react${app.react}-app`))
        if (app.react === '18') {
          const manifest = JSON.parse(readFileSync(join(app.dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
          Object.assign(manifest.dependencies, react18())
          writeFileSync(join(app.dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
        }
      },
      { timeout: 300_000, ignoreScripts: true },
    )
    await bundlePage(app.dir, { entry: 'src/page.tsx' })
    app.server = await startStaticServer({ root: join(app.dir, 'www'), connect: [a.url, b.url], json: { '/env.json': { chains } } })
  }
  context = await launchLoopbackChromium()
}, idleMs(600_000))

afterAll(async () => {
  await context?.close()
  for (const app of APPS) await app.server?.close()
  for (const anvil of anvils) await anvil.stop()
  if (stage) rmSync(stage, { recursive: true, force: true })
}, idleMs(60_000))

/** The announced wallet: wallet-mock's "Mock Wallet" with anvil's development account, on both chains. */
async function announceWallet(page: Page): Promise<void> {
  const [a, b] = anvils as [Anvil, Anvil]
  const chain = (anvil: Anvil, name: string): Chain => ({
    id: anvil.chainId,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  })
  await installMockWallet({
    page: page as never,
    account: privateKeyToAccount(DEV_ACCOUNT.privateKey),
    defaultChain: chain(a, 'Chain A'),
    transports: { [a.chainId]: http(a.url), [b.chainId]: http(b.url) },
  })
}

describe('React 18 and 19 from the packed package', () => {
  for (const app of APPS) {
    it(
      `React ${app.react}: one React installed; open, connect an announced wallet, account, network switch, disconnect`,
      async () => {
        expect(installedCopies(app.dir, 'react')).toEqual(['node_modules/react'])
        expect(installedCopies(app.dir, 'airlock')).toEqual(['node_modules/airlock'])
        const page = await context!.newPage()
        const problems: string[] = []
        recordProblems(page, problems)
        await announceWallet(page)
        await page.goto(app.server!.url)
        await expect.poll(() => page.locator('#react').textContent(), { timeout: idleMs(30_000) }).toMatch(new RegExp(`^${app.react}\\.`))
        const dialog = page.getByRole('dialog')

        // Open, connect the announced wallet.
        await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
        await dialog.getByRole('button', { name: 'Mock Wallet' }).click()
        await page.locator('#status', { hasText: DEV_ACCOUNT.address }).waitFor({ timeout: idleMs(30_000) })
        expect(await page.locator('#network').textContent()).toBe(String(anvils[0]!.chainId))
        await page.waitForFunction(() => !(window as unknown as { airlock: { getState(): { router: { open: boolean } } } }).airlock.getState().router.open)

        // The account, from the button, in the modal.
        const short = `${DEV_ACCOUNT.address.slice(0, 6)}…${DEV_ACCOUNT.address.slice(-4)}`
        await page
          .getByRole('button', { name: new RegExp(short) })
          .first()
          .click()
        await dialog.getByText(short).first().waitFor()

        // Switch the network from Account: the wallet follows, the hook reads the new chain.
        await dialog.getByRole('button', { name: /^Network: / }).click()
        await dialog.getByRole('button', { name: /Chain B/ }).click()
        await page.locator('#network', { hasText: String(anvils[1]!.chainId) }).waitFor({ timeout: idleMs(30_000) })
        const walletChain = await page.evaluate(() =>
          (window as unknown as { airlock: { getProvider(ns: string): { request(args: { method: string }): Promise<unknown> } } }).airlock
            .getProvider('eip155')
            .request({ method: 'eth_chainId' }),
        )
        expect(Number(walletChain)).toBe(anvils[1]!.chainId)

        // Disconnect.
        if (!(await dialog.getByRole('button', { name: 'Disconnect' }).isVisible())) {
          await page
            .getByRole('button', { name: new RegExp(short) })
            .first()
            .click()
        }
        await dialog.getByRole('button', { name: 'Disconnect' }).click()
        await page.locator('#status', { hasText: 'not connected' }).waitFor({ timeout: idleMs(30_000) })
        expect(problems).toEqual([])
        await page.close()
      },
      idleMs(180_000),
    )
  }
})
