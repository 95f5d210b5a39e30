/**
 * WalletConnect in real Chromium, under the demo's strict CSP, through the local relay: the
 * visitor opens the modal, chooses WalletConnect, copies the pairing link, and a wallet in this
 * Node process (the real sign-client, over anvil) pairs with it. The page then shows the Account
 * view with the wallet's address, and after a reload the session is restored and still signs.
 * Also checked: the page fetches none of the sign-client code before WalletConnect is chosen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { recoverMessageAddress, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { startRelayWallet, type RelayWallet } from '../support/relayWallet'
import { launchChromium } from './browser'
import { axeViolations } from './axe'
import { idleMs } from '../support/until'

/** anvil's third development key: a different address from the demo's own wallet. */
const PHONE_KEY: Hex = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'
const PHONE_ADDRESS = privateKeyToAccount(PHONE_KEY).address
/** A string only the sign-client code carries: the relay method of a session proposal. */
const SIGN_CLIENT_MARK = 'wc_sessionPropose'

let stack: Awaited<ReturnType<typeof startDemoStack>>
let context: BrowserContext
let phone: RelayWallet
const problems: string[] = []
const outside: string[] = []

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ accountServices: false })
  mkdirSync('test-results', { recursive: true })
  context = await launchChromium()
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (url.hostname === '127.0.0.1') return route.continue()
    outside.push(url.href)
    return route.abort()
  })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url })
  const [a, b] = stack.chains
  phone = await startRelayWallet({
    relayUrl: stack.relayUrl,
    privateKey: PHONE_KEY,
    name: 'Node Phone Wallet',
    rpcUrls: { [`eip155:${a!.chainId}`]: a!.rpcUrl, [`eip155:${b!.chainId}`]: b!.rpcUrl },
  })
}, idleMs(120_000))

afterAll(async () => {
  await phone?.close()
  await context?.close()
  await stack?.stop()
})

const dialog = (page: Page) => page.getByRole('dialog')
const accountLine = (page: Page) => page.locator('#account')

/** Every script the page has fetched so far, with whether it carries sign-client. */
async function scripts(page: Page, loaded: string[]): Promise<{ url: string; signClient: boolean }[]> {
  return Promise.all(
    loaded.map(async (url) => {
      const text = await (await page.request.get(url)).text()
      return { url, signClient: text.includes(SIGN_CLIENT_MARK) }
    }),
  )
}

describe('WalletConnect in the browser', () => {
  it(
    'pairs a Node wallet from the copied link, shows its account, and restores the session after a reload',
    async () => {
      const page = context.pages()[0] ?? (await context.newPage())
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      const loaded: string[] = []
      page.on('request', (request) => {
        if (request.resourceType() === 'script') loaded.push(request.url())
      })
      await page.goto(stack.url)
      await page.getByText('Airlock is running').waitFor()

      // The modal opens with WalletConnect listed; nothing of sign-client has been fetched yet.
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      const entry = dialog(page).getByRole('button', { name: 'WalletConnect' })
      await entry.waitFor()
      const before = await scripts(page, loaded)
      expect(before.length).toBeGreaterThan(0)
      expect(before.filter((s) => s.signClient)).toEqual([])

      await entry.click()
      expect(await dialog(page).getAttribute('data-view')).toBe('ConnectingWalletConnect')
      await dialog(page)
        .getByRole('img', { name: /QR code/ })
        .waitFor()
      const after = await scripts(page, loaded)
      expect(after.filter((s) => s.signClient).length).toBeGreaterThan(0)
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: 'test-results/walletconnect-qr.png' })

      // Copy link → clipboard → the wallet.
      await dialog(page).getByRole('button', { name: 'Copy link' }).click()
      await dialog(page).getByRole('button', { name: 'Link copied' }).waitFor()
      const uri = await page.evaluate(() => navigator.clipboard.readText())
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      expect(uri).toBe(await page.evaluate(() => window.airlock.getState().connection.wcUri))
      await phone.pair(uri)

      await accountLine(page).getByText(`Connected: ${PHONE_ADDRESS}`).waitFor()
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      expect(await dialog(page).getAttribute('data-view')).toBe('Account')
      await dialog(page)
        .getByText(`${PHONE_ADDRESS.slice(0, 6)}…${PHONE_ADDRESS.slice(-4)}`)
        .waitFor()
      await dialog(page).getByText('10,000.00 ETH').waitFor()
      const events = await page.locator('#events').textContent()
      expect(events).toMatch(/CONNECT_SUCCESS \{[^}]*"method":"qrcode"/)
      await page.keyboard.press('Escape')

      // A reload: the session comes back from the browser's storage, with no new pairing.
      await page.reload()
      await page.getByText('Airlock is running').waitFor()
      await accountLine(page).getByText(`Connected: ${PHONE_ADDRESS}`).waitFor()
      expect(phone.proposals()).toBe(1)
      const signature = (await page.evaluate(
        (address) => window.airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] }),
        PHONE_ADDRESS,
      )) as Hex
      expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(PHONE_ADDRESS)

      // Disconnecting from the page ends the session on the wallet too.
      await page.evaluate(() => window.airlock.disconnect())
      await accountLine(page).getByText('Not connected').waitFor()
      expect(problems).toEqual([])
      // Nothing leaves loopback but the wallet's own icon: its metadata's https: URL, which Account
      // shows as an <img> by the address (SPEC: wallet icons through <img src>, data: or https:).
      expect(outside.filter((url) => url !== 'https://wallet.test/icon.png')).toEqual([])
    },
    idleMs(90_000),
  )

  it(
    'on a phone, opens the wallet by its deep link with the URI, remembers the choice, and finalises with method mobile',
    async () => {
      const phoneContext = await launchChromium({
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        isMobile: true,
        hasTouch: true,
        viewport: { width: 390, height: 844 },
      })
      try {
        await phoneContext.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
        // Record what the page asks to open instead of leaving it (a phone would switch apps here).
        await phoneContext.addInitScript(() => {
          const opened: [string, string | undefined][] = []
          Object.assign(window, { opened })
          window.open = (url?: string | URL, target?: string) => {
            opened.push([String(url), target])
            return null
          }
        })
        const page = phoneContext.pages()[0] ?? (await phoneContext.newPage())
        page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
        await page.goto(stack.url)
        await page.getByText('Airlock is running').waitFor()
        await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
        await dialog(page)
          .getByRole('button', { name: /All wallets/ })
          .click()
        await dialog(page).getByRole('searchbox', { name: 'Search wallets' }).fill('Trust')
        await dialog(page).getByRole('button', { name: 'Trust Wallet' }).click()
        await dialog(page).getByRole('button', { name: 'Open Trust Wallet' }).click()
        const opened = (await page.evaluate(() => (window as unknown as { opened: [string, string][] }).opened)) as [string, string][]
        expect(opened).toHaveLength(1)
        const [link, target] = opened[0]!
        expect(target).toBe('_self')
        expect(link).toMatch(/^trust:\/\/wc\?uri=/)
        const uri = decodeURIComponent(link.slice('trust://wc?uri='.length))
        expect(uri).toBe(await page.evaluate(() => window.airlock.getState().connection.wcUri))
        expect(await page.evaluate(() => window.airlock.getState().connection.wcLinking)).toEqual({ href: 'trust://', name: 'Trust Wallet' })

        await phone.pair(uri)
        await accountLine(page).getByText(`Connected: ${PHONE_ADDRESS}`).waitFor()
        const events = await page.locator('#events').textContent()
        expect(events).toMatch(/CONNECT_SUCCESS \{[^}]*"method":"mobile"/)
        // The deep-link choice and the recent wallet are stored for the next visit (SPEC §3).
        const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }))
        expect(stored).toContain('trust://')
        expect(stored).toContain('Trust Wallet')
        await page.evaluate(() => window.airlock.disconnect())
        await accountLine(page).getByText('Not connected').waitFor()
        expect(problems).toEqual([])
      } finally {
        await phoneContext.close()
      }
    },
    idleMs(90_000),
  )
})
