/**
 * The light demo stack the fault tests share (issue 27 §3): anvil, the demo served as built (its
 * strict CSP), one Chromium that reaches 127.0.0.1 only, and Mock Wallet (wallet-mock, a wallet we
 * did not write) announced through EIP-6963 and signing with anvil's second account. One stack per
 * test file; each test opens its own page (its own origin's storage: each page is served from a
 * fresh static server when `freshOrigin` is asked, since localStorage is per origin).
 */
import type { BrowserContext, Page } from 'playwright-core'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startAnvil, type Anvil } from '../../services/chain/anvil.mjs'
import { installAnvilMockWallet } from './anvilMockWallet'
import { serveDemoOn, type StaticSite } from './demoOnAnvil'
import { launchLoopbackChromium } from './loopbackChromium'
import { idleMs } from './until'

/** anvil's second development account: Mock Wallet signs with it. */
export const MOCK_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
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
  const servers: StaticSite[] = []
  const context = await launchLoopbackChromium()
  const problems: string[] = []
  const warnings: string[] = []
  return {
    anvil,
    context,
    problems,
    warnings,
    async newSite() {
      const site = await serveDemoOn(anvil)
      servers.push(site)
      const page = await context.newPage()
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text())
        if (message.type() === 'error' && !message.text().includes('404')) problems.push(`console: ${message.text()}`)
      })
      if (options.mockWallet !== false) await installAnvilMockWallet(page, anvil, MOCK_KEY)
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
