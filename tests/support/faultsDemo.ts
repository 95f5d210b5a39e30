/**
 * The light demo stack the fault tests share (issue 27 §3): anvil, the demo served as built (its
 * strict CSP), one Chromium that reaches 127.0.0.1 only, and Mock Wallet (wallet-mock, a wallet we
 * did not write) announced through EIP-6963 and signing with anvil's second account. One stack per
 * test file; each test opens its own page (its own origin's storage: each page is served from a
 * fresh static server when `freshOrigin` is asked, since localStorage is per origin).
 */
import type { BrowserContext, Page } from 'playwright-core'
import { http, type Chain } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { installMockWallet } from '@johanneskares/wallet-mock'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startAnvil, type Anvil } from '../../services/chain/anvil.mjs'
import { startStaticServer } from '../../services/static/server.mjs'
import { launchChromium } from '../e2e/browser'
import { idleMs } from './until'

/** anvil's second development account: Mock Wallet signs with it. */
export const MOCK_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
export const MOCK_ADDRESS = privateKeyToAccount(MOCK_KEY).address

export interface FaultsDemo {
  readonly anvil: Anvil
  readonly context: BrowserContext
  /** What the pages said that a fault test must not see: uncaught errors, console errors. */
  readonly problems: string[]
  /** Every console warning of every page, in order. */
  readonly warnings: string[]
  /** A new page on a new origin (a fresh static server: empty localStorage), not yet navigated. */
  newSite(): Promise<{ page: Page; url: string }>
  /** Goes to the demo (eip155 only, no remote config) on `url` and waits until Airlock runs. */
  openDemo(page: Page, url: string, query?: string): Promise<void>
  stop(): Promise<void>
}

export async function startFaultsDemo(options: { mockWallet?: boolean } = {}): Promise<FaultsDemo> {
  await ensureBuilt()
  const anvil = await startAnvil()
  const servers: Awaited<ReturnType<typeof startStaticServer>>[] = []
  const context = await launchChromium()
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  const problems: string[] = []
  const warnings: string[] = []
  const chain: Chain = {
    id: anvil.chainId,
    name: 'Local chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  }
  return {
    anvil,
    context,
    problems,
    warnings,
    async newSite() {
      const site = await startStaticServer({
        root: 'demo',
        connect: [anvil.url],
        json: { '/env.json': { chains: [{ chainId: anvil.chainId, rpcUrl: anvil.url, name: 'Local chain' }] } },
      })
      servers.push(site)
      const page = await context.newPage()
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text())
        if (message.type() === 'error' && !message.text().includes('404')) problems.push(`console: ${message.text()}`)
      })
      if (options.mockWallet !== false)
        await installMockWallet({
          page: page as never,
          account: privateKeyToAccount(MOCK_KEY),
          defaultChain: chain,
          transports: { [chain.id]: http(anvil.url) },
        })
      return { page, url: site.url }
    },
    async openDemo(page, url, query = '?namespaces=eip155&config=none') {
      await page.goto(`${url}${query}`)
      await page.getByText('Airlock is running').waitFor({ timeout: idleMs(60_000) })
    },
    async stop() {
      await context.close()
      for (const server of servers) await server.close()
      await anvil.stop()
    },
  }
}
