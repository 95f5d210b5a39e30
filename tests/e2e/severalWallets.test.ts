/**
 * Issue 28 §2: several wallets at once, in real Chromium on the demo (anvil, its strict CSP).
 * Two EIP-6963 wallets with different accounts: wallet-mock's "Mock Wallet" (anvil's first
 * development account) and "Second Wallet" (tests/support/localWallet.ts with anvil's third key,
 * bridged into the page as an extension's provider would be). The visitor connects one, then from
 * the Account view "Connect another wallet" connects the other (it becomes active, the first stays
 * listed); switches back with "Use Mock Wallet" (SPEC §4 switch account, the public
 * ACTIVE_CONNECTION_CHANGED); reloads (both come back, the active one active); disconnects one
 * (the other stays connected).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { DEV_ACCOUNT } from '../../services/chain/anvil.mjs'
import { startDemoOnAnvil, type DemoOnAnvil } from '../support/demoOnAnvil'
import { idleMs } from '../support/until'
import { installAnvilMockWallet } from '../support/anvilMockWallet'
import { localWallet } from '../support/localWallet'

/** anvil's third development key (public, worthless outside a local chain). */
const SECOND_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'
const SECOND_ADDRESS = privateKeyToAccount(SECOND_KEY).address

let demo: DemoOnAnvil
const problems: string[] = []

beforeAll(async () => {
  demo = await startDemoOnAnvil()
}, idleMs(180_000))

afterAll(() => demo?.close())

async function openDemo(): Promise<Page> {
  const page = await demo.context.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await installAnvilMockWallet(page, demo.anvil)
  const second = localWallet({ rpcUrl: demo.anvil.url, chainId: demo.anvil.chainId, privateKey: SECOND_KEY })
  await page.exposeFunction('secondWalletRequest', (args: { method: string; params?: unknown }) => second.request(args as never))
  await page.addInitScript(() => {
    const bridge = (window as unknown as { secondWalletRequest(args: unknown): Promise<unknown> }).secondWalletRequest
    const provider = { request: (args: unknown) => bridge(args), on() {}, removeListener() {} }
    const icon = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/>"
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: Object.freeze({ info: { uuid: 'b9d1a0c2-0000-4000-8000-000000000002', name: 'Second Wallet', icon, rdns: 'org.test.second' }, provider }),
        }),
      )
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  })
  await page.goto(`${demo.site.url}?namespaces=eip155&config=none`)
  await page.getByText('Airlock is running').waitFor()
  await page.evaluate(() => {
    const win = window as unknown as { __events: string[] }
    win.__events = []
    window.airlock.subscribeEvents((event) => {
      if (event.type === 'ACTIVE_CONNECTION_CHANGED') win.__events.push(`${event.type} ${event.payload.connectorId}`)
    })
  })
  return page
}

const dialog = (page: Page) => page.getByRole('dialog')
const address = (page: Page) => page.evaluate(() => window.airlock.getState().account.accounts.eip155.address)
const held = (page: Page) =>
  page.evaluate(() => {
    const state = window.airlock.getState()
    const active = state.connectors.activeConnectorIds.eip155
    const byId = new Map(state.connectors.allConnectors.map((c) => [c.id, c.name]))
    return (state.connection.connections.eip155 ?? []).map((c) => `${byId.get(c.connectorId)}${c.connectorId === active ? ' (active)' : ''}`).sort()
  })
const wait = { timeout: idleMs(30_000) }

describe('several wallets at once (issue 28 §2)', () => {
  it(
    'connects a second wallet beside the first, switches between them, keeps both over a reload, and disconnects one',
    async () => {
      const page = await openDemo()
      // The first wallet, from Connect.
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'Mock Wallet' }).click()
      await expect.poll(() => address(page), wait).toBe(DEV_ACCOUNT.address)

      // "Connect another wallet" from the Account view: the new one becomes active, the first stays.
      await page.evaluate(() => window.airlock.open())
      await dialog(page).getByRole('button', { name: 'Connect another wallet' }).click()
      await dialog(page).getByRole('button', { name: 'Second Wallet' }).click()
      await expect.poll(() => address(page), wait).toBe(SECOND_ADDRESS)
      expect(await held(page)).toEqual(['Mock Wallet', 'Second Wallet (active)'])

      // The Account view lists both; "Use Mock Wallet" makes it active again.
      await page.evaluate(() => window.airlock.open())
      const list = dialog(page).getByRole('region', { name: 'Connected wallets' })
      await list.getByRole('button', { name: 'Use Mock Wallet' }).waitFor()
      expect(await list.locator('[aria-current="true"]').textContent()).toContain('Second Wallet')
      await list.getByRole('button', { name: 'Use Mock Wallet' }).click()
      await expect.poll(() => address(page), wait).toBe(DEV_ACCOUNT.address)
      expect(await held(page)).toEqual(['Mock Wallet (active)', 'Second Wallet'])
      expect(await page.evaluate(() => (window as unknown as { __events: string[] }).__events)).toEqual(['ACTIVE_CONNECTION_CHANGED com.example.mock-wallet'])

      // A reload restores both, Mock Wallet active.
      await page.reload()
      await page.getByText('Airlock is running').waitFor()
      await expect.poll(() => held(page), wait).toEqual(['Mock Wallet (active)', 'Second Wallet'])
      expect(await address(page)).toBe(DEV_ACCOUNT.address)

      // The instance's switchWallet (what useConnections calls) makes Second Wallet active again.
      await page.evaluate(() => window.airlock.switchWallet('org.test.second'))
      expect(await address(page)).toBe(SECOND_ADDRESS)

      // Disconnecting the active Second Wallet alone: Mock Wallet takes over and stays connected.
      await page.evaluate(() => window.airlock.open())
      await dialog(page).getByRole('button', { name: 'Disconnect Second Wallet' }).click()
      await expect.poll(() => held(page), wait).toEqual(['Mock Wallet (active)'])
      expect(await page.evaluate(() => window.airlock.getState().connection.status)).toBe('connected')
      expect(await address(page)).toBe(DEV_ACCOUNT.address)
      expect(problems).toEqual([])
    },
    idleMs(180_000),
  )
})
