/**
 * Issue 27 §4: a page script cannot make the modal show its wallet as another. In real Chromium,
 * on the demo (anvil, the demo's strict CSP) with a wallet we did not write (wallet-mock, "Mock
 * Wallet", com.example.mock-wallet) announced through EIP-6963 and also injected as
 * `window.ethereum`. After Airlock has started, a hostile script:
 * - replaces `window.ethereum` with its own provider (claiming isMetaMask);
 * - announces its provider under Mock Wallet's rdns (as given, and in capitals), under Mock
 *   Wallet's uuid with another rdns, and under Mock Wallet's name with rdns of its own (as given,
 *   and with case, punctuation and an invisible character changed);
 * - announces an honest new wallet (the positive control: late announcements still count).
 * The rule (src/connectors/eip6963.ts): the first to announce an rdns, a uuid or a name holds it;
 * `window.ethereum` is read once, at discovery, and shown as the generic Browser Wallet. So the
 * modal lists one Mock Wallet, connecting it and the Browser Wallet reaches the real wallet (the
 * hostile provider is never called), and each refusal is said in the console.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { startDemoOnAnvil, type DemoOnAnvil } from '../support/demoOnAnvil'
import { installAnvilMockWallet } from '../support/anvilMockWallet'
import { idleMs } from '../support/until'

/** anvil's second development account: the real wallet signs with it. */
const MOCK_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const MOCK_ADDRESS = privateKeyToAccount(MOCK_KEY).address
const ATTACKER = '0x000000000000000000000000000000000000bad1'

let demo: DemoOnAnvil
const problems: string[] = []
const warnings: string[] = []

beforeAll(async () => {
  demo = await startDemoOnAnvil()
}, idleMs(180_000))

afterAll(() => demo?.close())

/** The demo with Mock Wallet announced, and injected as window.ethereum (a forwarder to it, as an extension's would be). */
async function openDemo(): Promise<Page> {
  const page = demo.context.pages()[0] ?? (await demo.context.newPage())
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
    if (message.type() === 'error' && !message.text().includes('404')) problems.push(`console: ${message.text()}`)
  })
  await installAnvilMockWallet(page, demo.anvil, MOCK_KEY)
  await page.addInitScript(() => {
    const win = window as unknown as { ethereum?: unknown; __evilCalls: string[] }
    win.__evilCalls = []
    const capture = (event: Event) => {
      const detail = (event as CustomEvent<{ info: { rdns: string }; provider: { request(args: unknown): Promise<unknown> } }>).detail
      if (detail?.info?.rdns !== 'com.example.mock-wallet' || win.ethereum) return
      const mock = detail.provider
      win.ethereum = { request: (args: unknown) => mock.request(args), on() {}, removeListener() {} }
    }
    window.addEventListener('eip6963:announceProvider', capture)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  })
  await page.goto(`${demo.site.url}?namespaces=eip155&config=none`)
  await page.getByText('Airlock is running').waitFor()
  return page
}

/** The hostile script, run after Airlock started. Answers the uuid it learnt of Mock Wallet. */
function attack(page: Page): Promise<string> {
  return page.evaluate((attacker) => {
    const win = window as unknown as { ethereum?: unknown; __evilCalls: string[] }
    const evil = {
      isMetaMask: true,
      request: async ({ method }: { method: string }) => {
        win.__evilCalls.push(method)
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [attacker]
        if (method === 'eth_chainId') return '0x7a69'
        return null
      },
      on() {},
      removeListener() {},
    }
    win.ethereum = evil
    // Learn Mock Wallet's uuid as any script can: ask wallets to announce, and listen.
    let uuid = ''
    const learn = (event: Event) => {
      const info = (event as CustomEvent<{ info: { uuid: string; rdns: string } }>).detail?.info
      if (info?.rdns === 'com.example.mock-wallet') uuid = info.uuid
    }
    window.addEventListener('eip6963:announceProvider', learn)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    window.removeEventListener('eip6963:announceProvider', learn)
    const icon = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/>"
    const announce = (name: string, rdns: string, id: string = crypto.randomUUID()) =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: { uuid: id, name, icon, rdns }, provider: evil }) }))
    announce('Mock Wallet', 'com.example.mock-wallet')
    announce('MOCK WALLET', 'COM.EXAMPLE.MOCK-WALLET')
    announce('Evil Twin', 'com.evil.twin', uuid)
    announce('Mock Wallet', 'com.evil.mock')
    announce('mock-wallet\u200b', 'com.evil.mock-two')
    announce('Honest Newcomer', 'org.honest')
    return uuid
  }, ATTACKER)
}

const dialog = (page: Page) => page.getByRole('dialog')
const evilCalls = (page: Page) => page.evaluate(() => (window as unknown as { __evilCalls: string[] }).__evilCalls)

describe('a page script impersonating a wallet', () => {
  it(
    "cannot take an installed wallet's rdns, uuid or name, nor what window.ethereum connects to",
    async () => {
      const page = await openDemo()
      const uuid = await attack(page)
      expect(uuid).toMatch(/^[0-9a-f-]{36}$/)

      // State: one Mock Wallet, the real one's rdns; the honest newcomer counted; no Evil Twin.
      const announced = () =>
        page.evaluate(() =>
          window.airlock
            .getState()
            .connectors.allConnectors.filter((c) => c.chain === 'eip155')
            .map((c) => `${c.name} ${c.rdns ?? c.id} ${c.type}`),
        )
      await expect.poll(announced).toContain('Honest Newcomer org.honest ANNOUNCED')
      const list = await announced()
      expect(list.filter((entry) => /mock/i.test(entry))).toEqual(['Mock Wallet com.example.mock-wallet ANNOUNCED'])
      expect(list.filter((entry) => /evil/i.test(entry))).toEqual([])
      expect(list).toContain('Browser Wallet injected INJECTED')

      // Each claim was refused, and said so.
      await expect
        .poll(() => warnings.filter((w) => w.includes('(EIP-6963)')).sort())
        .toEqual(
          [
            'Airlock: Mock Wallet refused: another wallet announced its rdns first (EIP-6963)',
            'Airlock: MOCK WALLET refused: another wallet announced its rdns first (EIP-6963)',
            'Airlock: Evil Twin refused: another wallet announced its uuid first (EIP-6963)',
            'Airlock: Mock Wallet refused: another wallet announced its name first (EIP-6963)',
            'Airlock: mock-wallet refused: another wallet announced its name first (EIP-6963)',
          ].sort(),
        )

      // The modal: one Mock Wallet button, which connects the real wallet.
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'Mock Wallet' }).first().waitFor()
      expect(
        await dialog(page)
          .getByRole('button', { name: /mock.?wallet/i })
          .count(),
      ).toBe(1)
      expect(await dialog(page).getByRole('button', { name: /evil/i }).count()).toBe(0)
      // On a desktop, the generic Browser Wallet is not listed (SPEC §4); connect('injected') still reaches it below.
      expect(await dialog(page).getByRole('button', { name: 'Browser Wallet' }).count()).toBe(0)
      await dialog(page).getByRole('button', { name: 'Mock Wallet' }).click()
      await page.waitForFunction(() => window.airlock.getState().account.accounts.eip155.address !== null, undefined, { timeout: idleMs(30_000) })
      expect(await page.evaluate(() => window.airlock.getState().account.accounts.eip155.address)).toBe(MOCK_ADDRESS)
      await page.evaluate(() => window.airlock.disconnect())

      // window.ethereum, replaced after discovery: the Browser Wallet is still the page's first one.
      await page.evaluate(() => window.airlock.connect('injected'))
      expect(await page.evaluate(() => window.airlock.getState().account.accounts.eip155.address)).toBe(MOCK_ADDRESS)
      expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds.eip155)).toBe('injected')
      expect(await evilCalls(page)).toEqual([])
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )
})
