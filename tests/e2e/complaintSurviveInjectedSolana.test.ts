/**
 * Issue 28 §5 (part): a partial disconnect keeps the sign-in, for the injected connector (a wallet
 * that is only `window.ethereum`, wallet-mock's createWallet over anvil, as in
 * complaintSurviveInjected.test.ts) signed in on eip155, in real Chromium on the demo stack with
 * sign-in (SIWX, the sessions service) required. The visitor then joins the Demo Wallet on Solana
 * (`connect({ namespace: 'solana' })`): Solana becomes the active namespace and its account is
 * asked to sign in. The visitor leaves Solana instead (`disconnect('solana')`): the page is back on
 * eip155, still signed in there (page and service), the sign view closed, a personal_sign
 * recovers to the address; a reload keeps all of it. (It stayed `hasSession: false`.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { http, recoverMessageAddress, type Chain, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createWallet } from '@johanneskares/wallet-mock'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { launchChromium } from './browser'
import { idleMs } from '../support/until'
import { dialog, expectSurvived, liveSessions, reloadRestored, survivalPage, type Survivor } from '../support/survive'

/** anvil's second development key: not the Demo Wallet's address. */
const INJECTED_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const INJECTED_ADDRESS = privateKeyToAccount(INJECTED_KEY).address

let stack: Awaited<ReturnType<typeof startDemoStack>>
let context: BrowserContext | undefined

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ embedded: false, accountServices: false })
}, idleMs(180_000))

afterAll(async () => {
  await context?.close()
  await stack?.stop()
}, idleMs(60_000))

/** `window.ethereum` before any page script runs, forwarding to the Node-side wallet; no EIP-6963 announcement. */
async function injectWallet(page: Page): Promise<void> {
  const first = stack.chains[0]!
  const chain: Chain = {
    id: first.chainId,
    name: first.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [first.rpcUrl] } },
  }
  const wallet = createWallet(privateKeyToAccount(INJECTED_KEY), { [chain.id]: http(first.rpcUrl) }, chain)
  await page.exposeFunction('injectedWalletRequest', (request: { method: string; params?: unknown[] }) => wallet.request(request))
  await page.addInitScript(() => {
    const forward = (window as unknown as { injectedWalletRequest(request: unknown): Promise<unknown> }).injectedWalletRequest
    Object.defineProperty(window, 'ethereum', {
      configurable: true,
      value: { request: (request: unknown) => forward(request), on() {}, removeListener() {} },
    })
  })
}

/** A request through the connection: personal_sign by the site's eip155 provider, recovered to the address. */
async function signs(page: Page): Promise<void> {
  const signature = (await page.evaluate(
    (address) => window.airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x7374696c6c2068657265', address] }),
    INJECTED_ADDRESS,
  )) as Hex
  expect(await recoverMessageAddress({ message: 'still here', signature })).toBe(INJECTED_ADDRESS)
}

describe('a partial disconnect keeps the sign-in', () => {
  it(
    'injected signed in on eip155, the Demo Wallet joined on Solana (active, asked to sign in) and left: back on eip155, signed in, the sign view closed; a reload keeps it',
    async () => {
      context = await launchChromium()
      const problems: string[] = []
      const page = await survivalPage(context, problems, `${stack.url}?namespaces=eip155,solana&siwx=required`, injectWallet)
      const connected = page.evaluate(() => window.airlock.connect('injected'))
      await dialog(page)
        .getByRole('button', { name: 'Sign', exact: true })
        .click({ timeout: idleMs(30_000) })
      await connected
      await page
        .locator('#events li', { hasText: 'SIWX_AUTH_SUCCESS' })
        .first()
        .waitFor({ timeout: idleMs(30_000) })
      await page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })
      const survivor: Survivor = { addresses: { eip155: INJECTED_ADDRESS }, signedIn: INJECTED_ADDRESS }
      const check = () => expectSurvived(page, stack.sessions, survivor, () => signs(page))
      await check()

      // The Demo Wallet joins on Solana: Solana is active, and its account is asked to sign in.
      await page.evaluate(() => window.airlock.connect({ namespace: 'solana' }))
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('solana'), undefined, { timeout: idleMs(30_000) })
      expect(await page.evaluate(() => window.airlock.getState().networks.activeNamespace)).toBe('solana')
      await dialog(page)
        .getByRole('button', { name: 'Sign', exact: true })
        .waitFor({ timeout: idleMs(30_000) })
      expect(await page.evaluate(() => window.airlock.getState().siwx?.hasSession)).toBe(false)

      // Left again: back on eip155, signed in there, nothing asked.
      await page.evaluate(() => window.airlock.disconnect('solana'))
      await check()
      expect(await page.evaluate(() => window.airlock.getState().networks.activeNamespace)).toBe('eip155')
      expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds.eip155)).toBe('injected')

      await reloadRestored(page, ['eip155'])
      await check()
      expect(await liveSessions(stack.sessions, INJECTED_ADDRESS)).toHaveLength(1)
      expect(problems).toEqual([])
    },
    idleMs(180_000),
  )
})
