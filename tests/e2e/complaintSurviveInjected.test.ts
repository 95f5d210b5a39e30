/**
 * Issue 28 §5 (part): a connection and a sign-in survive a reload, an hour idle and a partial
 * disconnect, for the injected connector: a wallet that is only `window.ethereum`, never announced
 * (EIP-6963), as older extensions and in-app browsers are. The wallet is one we did not write
 * (wallet-mock's createWallet, signing with anvil's second development key, its chain calls on
 * anvil), reached from the page through a function Playwright exposes, the way an extension's
 * content script forwards to its background. In real Chromium on the demo stack, with sign-in
 * (SIWX, the sessions service) required: the site connects it (`connect('injected')`; SPEC §4
 * lists the generic Browser Wallet on mobile only) and signs in; then an hour passes idle
 * (Playwright's clock), a reload, another hour and reload. After each step: the same address, status connected, the
 * sign-in still held (page and service), and a personal_sign that recovers to the address.
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
import { dialog, expectSurvived, idleHour, liveSessions, reloadRestored, survivalPage, type Survivor } from '../support/survive'

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

describe('a connection and a sign-in survive a reload, an hour idle and a partial disconnect', () => {
  it(
    'injected (window.ethereum, not announced): signed in, an hour idle, a reload, another hour and reload: the injected connection and its sign-in stay',
    async () => {
      context = await launchChromium()
      const problems: string[] = []
      const page = await survivalPage(context, problems, `${stack.url}?namespaces=eip155&siwx=required`, injectWallet)
      // Not announced: the modal's wallets from EIP-6963 are the Demo Wallet alone.
      expect(
        await page.evaluate(() =>
          window.airlock
            .getState()
            .connectors.allConnectors.filter((c) => c.type === 'ANNOUNCED')
            .map((c) => c.name),
        ),
      ).toEqual(['Demo Wallet'])

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
      expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds.eip155)).toBe('injected')
      const survivor: Survivor = { addresses: { eip155: INJECTED_ADDRESS }, signedIn: INJECTED_ADDRESS }
      const check = () => expectSurvived(page, stack.sessions, survivor, () => signs(page))
      await check()

      await idleHour(page)
      await check()
      await reloadRestored(page, ['eip155'])
      expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds.eip155)).toBe('injected')
      await check()

      await idleHour(page)
      await check()
      await reloadRestored(page, ['eip155'])
      await check()
      expect(await liveSessions(stack.sessions, INJECTED_ADDRESS)).toHaveLength(1)
      expect(problems).toEqual([])
    },
    idleMs(180_000),
  )
})
