/**
 * Issue 27 §3: the WalletConnect relay killed and started again, in real Chromium under the demo's
 * strict CSP, with the real sign-client on both sides (the page's, and a Node wallet's:
 * tests/support/relayWallet.ts) through the local relay (services/relay; tests/support/faultsRelay.ts
 * cuts it and starts it again on its port, its mailbox kept, as a relay node restarts).
 * - During pairing: the QR code is shown, the relay dies, the wallet scans while it is down; the
 *   relay returns, both sides reconnect and the pairing completes: the page is connected.
 * - During a signing request: the wallet has the request, the relay dies before it answers; after
 *   the restart the answer reaches the page and the signature is the wallet's; the session
 *   survives (it signs again, and after a reload it is restored).
 * - Offline (Playwright's `setOffline`) while the QR code is shown, the wallet scanning meanwhile:
 *   the view stays on the QR code with no error; back online, the pairing completes and signs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { recoverMessageAddress, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { startRelayWallet, type RelayWallet } from '../support/relayWallet'
import { relayControl, type RelayControl } from '../support/faultsRelay'
import { until, idleMs } from '../support/until'
import { launchChromium } from './browser'

/** anvil's third development key: not the demo's own wallet. */
const PHONE_KEY: Hex = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'
const PHONE_ADDRESS = privateKeyToAccount(PHONE_KEY).address

let stack: Awaited<ReturnType<typeof startDemoStack>>
let context: BrowserContext
let phone: RelayWallet
let relay: RelayControl
const problems: string[] = []

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ accountServices: false, embedded: false })
  relay = relayControl(stack.relay)
  context = await launchChromium()
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  const [a, b] = stack.chains
  phone = await startRelayWallet({
    relayUrl: stack.relayUrl,
    privateKey: PHONE_KEY,
    name: 'Node Phone Wallet',
    rpcUrls: { [`eip155:${a!.chainId}`]: a!.rpcUrl, [`eip155:${b!.chainId}`]: b!.rpcUrl },
  })
}, idleMs(180_000))

afterAll(async () => {
  await phone?.close()
  await context?.close()
  await relay?.close()
  await stack?.stop()
})

const dialog = (page: Page) => page.getByRole('dialog')
const accountLine = (page: Page) => page.locator('#account')
const sign = (page: Page, text: string) =>
  page.evaluate(([address, hex]) => window.airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: [hex, address] }) as Promise<Hex>, [
    PHONE_ADDRESS,
    `0x${Buffer.from(text).toString('hex')}`,
  ] as const)

/**
 * Kill the relay with the page on it (and whatever else is), run `during` while it is down, and
 * start it again. The sign-clients find it again by themselves: what they do next proves it.
 */
async function outage(during: () => Promise<void> = async () => undefined): Promise<void> {
  await until(() => relay.clientCount() >= 1, 30_000, 'the page on the relay')
  await relay.kill()
  expect(relay.clientCount()).toBe(0)
  await during()
  await relay.restart()
}

describe('the WalletConnect relay killed and restarted', () => {
  it(
    'during pairing: the wallet scans while the relay is down, and the pairing completes after it returns',
    async () => {
      const page = context.pages()[0] ?? (await context.newPage())
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      await page.goto(`${stack.url}?namespaces=eip155`)
      await page.getByText('Airlock is running').waitFor()
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'WalletConnect' }).click()
      await dialog(page)
        .getByRole('img', { name: /QR code/ })
        .waitFor()
      const uri = await page.evaluate(() => window.airlock.getState().connection.wcUri)
      expect(uri).toMatch(/^wc:/)
      let paired: Promise<unknown> | undefined
      await outage(async () => {
        // The wallet scans now: its pairing waits for the relay.
        paired = phone.pair(uri!)
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        // The visitor still sees the QR code, no error.
        expect(await dialog(page).getAttribute('data-view')).toBe('ConnectingWalletConnect')
      })
      await paired
      await accountLine(page)
        .getByText(`Connected: ${PHONE_ADDRESS}`)
        .waitFor({ timeout: idleMs(60_000) })
      expect(phone.proposals()).toBe(1)
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )

  it(
    'during a signing request: the answer arrives after the restart; the session survives, signs again and is restored after a reload',
    async () => {
      const page = context.pages()[0]!
      await accountLine(page).getByText(`Connected: ${PHONE_ADDRESS}`).waitFor()
      phone.hold()
      const signature = sign(page, 'through an outage')
      await until(() => phone.heldCount() === 1, 30_000, 'the wallet to receive the request')
      await outage()
      await phone.release()
      expect(await recoverMessageAddress({ message: 'through an outage', signature: await signature })).toBe(PHONE_ADDRESS)

      // The same session: it signs again, and a reload restores it with no new pairing.
      expect(await recoverMessageAddress({ message: 'after', signature: await sign(page, 'after') })).toBe(PHONE_ADDRESS)
      await page.reload()
      await page.getByText('Airlock is running').waitFor()
      await accountLine(page).getByText(`Connected: ${PHONE_ADDRESS}`).waitFor()
      expect(await recoverMessageAddress({ message: 'reloaded', signature: await sign(page, 'reloaded') })).toBe(PHONE_ADDRESS)
      expect(phone.proposals()).toBe(1)
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )

  it(
    'offline while the QR code is shown: the wallet scans meanwhile; online, the pairing completes',
    async () => {
      const page = context.pages()[0]!
      await page.evaluate(() => window.airlock.disconnect())
      await accountLine(page).getByText('Not connected').waitFor()
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'WalletConnect' }).click()
      await dialog(page)
        .getByRole('img', { name: /QR code/ })
        .waitFor()
      const uri = await page.evaluate(() => window.airlock.getState().connection.wcUri)
      await context.setOffline(true)
      const paired = phone.pair(uri!)
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      // Offline: still the QR code, no error, not connected.
      expect(await dialog(page).getAttribute('data-view')).toBe('ConnectingWalletConnect')
      expect(await page.evaluate(() => window.airlock.getState().connection.connectedNamespaces)).toEqual([])
      await context.setOffline(false)
      await paired
      await accountLine(page)
        .getByText(`Connected: ${PHONE_ADDRESS}`)
        .waitFor({ timeout: idleMs(60_000) })
      expect(await recoverMessageAddress({ message: 'online', signature: await sign(page, 'online') })).toBe(PHONE_ADDRESS)
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )
})
