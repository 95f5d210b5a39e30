/**
 * Issue 28 §5 (part): a connection and a sign-in survive a reload, an hour idle and a partial
 * disconnect, for WalletConnect: the real sign-client on both sides, the wallet in this Node
 * process (tests/support/relayWallet.ts), through the local relay, in real Chromium on the demo
 * stack with sign-in (SIWX, the sessions service) required.
 *
 * "An hour idle" here: the page's clock jumps an hour (Playwright's page.clock), so every timer of
 * the page's sign-client due in that hour runs at once — its heartbeat, the expirer's checks of
 * the session, pairing and pending requests, the relayer's connection checks (which drop the
 * socket and open a new one) — and the relay's clock jumps with it (`relayNow`: the page's new
 * socket's token is signed at the page's time, which a relay an hour behind refuses as issued in
 * the future); the wallet keeps real time. After it the session must still be the page's and answer:
 * a personal_sign goes to the wallet through the relay and comes back signed (not merely the state
 * saying connected). Then a reload (the session restored from the browser's storage, no new
 * pairing) and another hour, each followed by the same checks.
 *
 * The partial disconnect: one relay session holding eip155 AND Solana (a second sign-client
 * wallet that approves both), signed in on eip155; the visitor leaves Solana
 * (`disconnect('solana')`): WalletConnect stays eip155's wallet with the same address, the session
 * is not ended (the wallet still holds it, and a personal_sign goes over the relay and back), the
 * sign-in stays (page and sessions service); a reload brings back eip155 alone, still signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { recoverMessageAddress, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { startRelayWallet, type RelayWallet } from '../support/relayWallet'
import { launchChromium } from './browser'
import { idleMs } from '../support/until'
import { dialog, expectSurvived, HOUR_MS, idleHour, reloadRestored, survivalPage, type Survivor } from '../support/survive'

/** anvil's ninth development key: an address no other wallet of the demo uses. */
const PHONE_KEY: Hex = '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97'
const PHONE_ADDRESS = privateKeyToAccount(PHONE_KEY).address
/** anvil's tenth development key: the two-namespace wallet's (eip155 and Solana in one session). */
const TWO_KEY: Hex = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'
const TWO_ADDRESS = privateKeyToAccount(TWO_KEY).address

let stack: Awaited<ReturnType<typeof startDemoStack>>
let context: BrowserContext | undefined
let phone: RelayWallet | undefined
let two: RelayWallet | undefined
/** How far the relay's clock is ahead of the real one: it moves with the page's. */
let relayClockOffset = 0

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ embedded: false, accountServices: false, relayNow: () => Date.now() + relayClockOffset })
  const [a, b] = stack.chains
  phone = await startRelayWallet({
    relayUrl: stack.relayUrl,
    privateKey: PHONE_KEY,
    name: 'Node Phone Wallet',
    rpcUrls: { [`eip155:${a!.chainId}`]: a!.rpcUrl, [`eip155:${b!.chainId}`]: b!.rpcUrl },
  })
  two = await startRelayWallet({
    relayUrl: stack.relayUrl,
    privateKey: TWO_KEY,
    name: 'Node Two-Chain Wallet',
    rpcUrls: { [`eip155:${a!.chainId}`]: a!.rpcUrl, [`eip155:${b!.chainId}`]: b!.rpcUrl },
    solana: true,
  })
}, idleMs(180_000))

afterAll(async () => {
  await phone?.close()
  await two?.close()
  await context?.close()
  await stack?.stop()
}, idleMs(60_000))

/** A request through the session: personal_sign, to the wallet over the relay and back, recovered to the address. */
async function signs(page: Page, wallet = phone!): Promise<void> {
  const before = wallet.requests.length
  const signature = (await page.evaluate(
    (address) => window.airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x7374696c6c2068657265', address] }),
    wallet.address,
  )) as Hex
  expect(await recoverMessageAddress({ message: 'still here', signature })).toBe(wallet.address)
  expect(wallet.requests.slice(before).map((r) => r.method)).toEqual(['personal_sign'])
}

/** An hour idle for the page and the relay alike. */
async function hourPasses(page: Page): Promise<void> {
  relayClockOffset += HOUR_MS
  await idleHour(page)
}

describe('a connection and a sign-in survive a reload, an hour idle and a partial disconnect', () => {
  it(
    'WalletConnect (sign-client wallet, local relay): signed in, an hour idle and the session still signs over the relay, a reload and another hour: the session and its sign-in stay',
    async () => {
      context = await launchChromium()
      const problems: string[] = []
      const page = await survivalPage(context, problems, `${stack.url}?namespaces=eip155&siwx=required`)

      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'WalletConnect' }).click()
      const uri = await page.waitForFunction(() => window.airlock.getState().connection.wcUri, undefined, { timeout: idleMs(30_000) })
      await phone!.pair((await uri.jsonValue()) as string)
      await dialog(page)
        .getByRole('button', { name: 'Sign', exact: true })
        .click({ timeout: idleMs(30_000) })
      await page
        .locator('#events li', { hasText: 'SIWX_AUTH_SUCCESS' })
        .first()
        .waitFor({ timeout: idleMs(30_000) })
      await page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })
      expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds.eip155)).toBe('walletConnect')
      const topic = phone!.session().topic
      const survivor: Survivor = { addresses: { eip155: PHONE_ADDRESS }, signedIn: PHONE_ADDRESS }
      const check = async () => {
        await expectSurvived(page, stack.sessions, survivor, () => signs(page))
        // The same session, on the wallet's side too: never a new pairing.
        expect(phone!.session().topic).toBe(topic)
        expect(phone!.proposals()).toBe(1)
      }
      await check()

      await hourPasses(page)
      await check()
      await reloadRestored(page, ['eip155'])
      await check()
      await hourPasses(page)
      await check()

      expect(problems).toEqual([])
    },
    idleMs(240_000),
  )

  it(
    'WalletConnect with eip155 and Solana in one relay session, signed in on eip155: leaving Solana keeps WalletConnect on eip155, the session alive at the relay and the sign-in; a reload keeps it',
    async () => {
      const ownContext = await launchChromium()
      try {
        const problems: string[] = []
        const page = await survivalPage(ownContext, problems, `${stack.url}?namespaces=eip155,solana&siwx=required`)

        await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
        await dialog(page).getByRole('button', { name: 'WalletConnect' }).click()
        const uri = await page.waitForFunction(() => window.airlock.getState().connection.wcUri, undefined, { timeout: idleMs(30_000) })
        await two!.pair((await uri.jsonValue()) as string)
        await dialog(page)
          .getByRole('button', { name: 'Sign', exact: true })
          .click({ timeout: idleMs(30_000) })
        await page
          .locator('#events li', { hasText: 'SIWX_AUTH_SUCCESS' })
          .first()
          .waitFor({ timeout: idleMs(30_000) })
        await page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })

        // One session, two namespaces: the wallet approved both, and the page holds both through WalletConnect.
        const topic = two!.session().topic
        expect(Object.keys(two!.session().namespaces).sort()).toEqual(['eip155', 'solana'])
        const both: Survivor = { addresses: { eip155: TWO_ADDRESS, solana: two!.solanaAddress }, signedIn: TWO_ADDRESS }
        await expectSurvived(page, stack.sessions, both, () => signs(page, two))
        expect(await page.evaluate(() => window.airlock.getState().networks.activeNamespace)).toBe('eip155')
        expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds)).toMatchObject({
          eip155: 'walletConnect',
          solana: 'walletConnect',
        })

        // Leaving Solana alone: WalletConnect stays eip155's, the relay session goes on, signed in.
        await page.evaluate(() => window.airlock.disconnect('solana'))
        const evmOnly: Survivor = { addresses: { eip155: TWO_ADDRESS }, signedIn: TWO_ADDRESS }
        const check = async () => {
          await expectSurvived(page, stack.sessions, evmOnly, () => signs(page, two))
          expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds.eip155)).toBe('walletConnect')
          // The same session on the wallet's side, never ended and never paired again.
          expect(two!.client.session.getAll().map((s) => s.topic)).toEqual([topic])
          expect(two!.proposals()).toBe(1)
        }
        await check()
        await reloadRestored(page, ['eip155'])
        await check()
        expect(problems).toEqual([])
      } finally {
        await ownContext.close()
      }
    },
    idleMs(240_000),
  )
})
