/**
 * The console's switch reaches the modal (issue 24 §3), in real Chromium on the demo stack (the
 * site's page and airlock-server as `npm start` runs them): with swaps on, the demo's Account shows
 * Swap; the site owner signs in at the server's /console with a wallet (Airlock's modal, SIWX),
 * claims the first run, opens the demo's project and switches Swaps off; the site's page, reloaded,
 * shows Account without Swap, the swap plugin is not loaded, and none of its chunks is fetched:
 * the page's own options turn swaps on, but the plugin host waits for the config API's answer
 * before fetching a plugin that answer could switch off.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { http, type Chain } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { installMockWallet } from '@johanneskares/wallet-mock'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { DEMO_PROJECT_ID } from '../../services/embeddedStack.mjs'
import { launchChromium } from './browser'
import { idleMs } from '../support/until'

/** anvil's fourth development account: the site owner's wallet (the demo wallet is the first). */
const OWNER_KEY = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6' as const
/** The swap plugin's chunks: its module and its view (esbuild names chunks by their entry). */
const SWAP_CHUNK = /\/chunks\/swap-|\/chunks\/Swap-/

let stack: Awaited<ReturnType<typeof startDemoStack>>
const contexts: BrowserContext[] = []
const problems: string[] = []

async function newPage(): Promise<Page> {
  const context = await launchChromium({ viewport: { width: 1280, height: 800 } })
  contexts.push(context)
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  const page = context.pages()[0] ?? (await context.newPage())
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return page
}

const dialog = (page: Page) => page.getByRole('dialog')

/** The demo page with the Demo Wallet connected and Account open; the URLs of the chunks it fetched. */
async function openAccount(page: Page): Promise<string[]> {
  const chunks: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/chunks/')) chunks.push(request.url())
  })
  await page.goto(`${stack.url}?namespaces=eip155`)
  await page.getByText('Airlock is running').waitFor()
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog(page).getByRole('button', { name: 'Demo Wallet' }).click()
  await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('eip155'))
  await page.waitForFunction(() => !window.airlock.getState().router.open)
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog(page).getByText('Account', { exact: true }).waitFor()
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).waitFor()
  return chunks
}

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ embedded: false })
}, idleMs(180_000))

afterAll(async () => {
  for (const context of contexts) await context.close()
  await stack?.stop()
}, idleMs(60_000))

it(
  'swaps switched off in the console: the reloaded site shows no Swap and never fetches its chunk',
  async () => {
    // Before: swaps on (the server's defaults), Account offers Swap.
    const site = await newPage()
    const before = await openAccount(site)
    await dialog(site).getByRole('button', { name: 'Swap', exact: true }).waitFor()
    expect(before.some((url) => SWAP_CHUNK.test(url))).toBe(true)

    // The site owner, at the console: signs in with a wallet, claims the first run, switches Swaps off.
    const consolePage = await newPage()
    const chain = stack.chains[0]!
    const local: Chain = {
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }
    await installMockWallet({
      page: consolePage as never,
      account: privateKeyToAccount(OWNER_KEY),
      defaultChain: local,
      transports: { [chain.chainId]: http(chain.rpcUrl) },
    })
    await consolePage.goto(`${stack.airlock.url}/console`)
    await consolePage.getByRole('button', { name: 'Sign in with a wallet' }).click()
    await dialog(consolePage).getByRole('button', { name: 'Mock Wallet' }).click()
    await dialog(consolePage)
      .getByRole('button', { name: 'Sign', exact: true })
      .click({ timeout: idleMs(30_000) })
    await consolePage.getByLabel('First-run secret').fill(stack.airlock.firstRun!.secret)
    await consolePage.getByRole('button', { name: 'Claim' }).click()
    await consolePage.getByRole('heading', { name: 'Projects' }).waitFor()
    await consolePage.goto(`${stack.airlock.url}/console#/projects/${DEMO_PROJECT_ID}/features`)
    const swaps = consolePage.getByRole('switch', { name: 'Swaps' })
    await swaps.waitFor({ timeout: idleMs(30_000) })
    expect(await swaps.getAttribute('aria-checked')).toBe('true')
    await swaps.click()
    await consolePage.waitForFunction(() => document.querySelector('#feature-swap')?.getAttribute('aria-checked') === 'false')

    // The site's page, reloaded: the connection comes back, Account has no Swap.
    await site.reload()
    await site.getByText('Airlock is running').waitFor()
    await site.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('eip155'), undefined, { timeout: idleMs(30_000) })
    expect(await site.evaluate(() => window.airlock.getState().options.features.swaps)).toBe(false)
    await site.getByRole('button', { name: 'Connect wallet', exact: true }).click()
    await dialog(site).getByRole('button', { name: 'Send', exact: true }).waitFor()
    expect(await dialog(site).getByRole('button', { name: 'Swap', exact: true }).count()).toBe(0)
    // A new visitor (nothing cached): the same; the plugin is not loaded, none of its chunks fetched.
    // Its config API answer is held until Account is open, so the modal opens before the answer.
    const fresh = await newPage()
    let answer: () => void = () => undefined
    const answered = new Promise<void>((resolve) => (answer = resolve))
    await fresh.route('**/appkit/v1/config**', async (route) => {
      await answered
      await route.continue()
    })
    const after = await openAccount(fresh)
    expect(await fresh.evaluate(() => window.airlock.getState().options.remoteStatus)).toBe('loading')
    expect(after.filter((url) => SWAP_CHUNK.test(url))).toEqual([])
    answer()
    await fresh.waitForFunction(() => window.airlock.getState().options.remoteStatus === 'loaded')
    await fresh.evaluate(() => window.airlock.ready())
    expect(await dialog(fresh).getByRole('button', { name: 'Swap', exact: true }).count()).toBe(0)
    expect(await fresh.evaluate(() => window.airlock.loadedPlugins())).not.toContain('swap')
    expect(after.filter((url) => SWAP_CHUNK.test(url))).toEqual([])
    expect(problems).toEqual([])
  },
  idleMs(240_000),
)
