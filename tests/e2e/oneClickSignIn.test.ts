/**
 * One-click sign-in (issue 28 §4) in real Chromium under the demo's strict CSP: the demo page with
 * `?namespaces=eip155&siwx=required` (sign-in over the local sessions service) pairs through the
 * local relay with a wallet in this Node process (the real sign-client) by `wc_sessionAuthenticate`:
 * - a wallet that signs: one approval connects and signs in; the wallet gets one authenticate
 *   request and nothing else (no session proposal answered, no personal_sign); the service
 *   verified the message and keeps the CACAO; the modal closes without SIWXSignMessage;
 * - a wallet that rejects it: not connected, USER_REJECTED, nothing signed;
 * - a wallet without it: it answers the fallback proposal, SIWXSignMessage opens, and Sign sends
 *   one personal_sign (connect-then-sign).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { startRelayWallet, type RelayWallet, type RelayWalletOptions } from '../support/relayWallet'
import { launchChromium } from './browser'
import { idleMs } from '../support/until'

/** anvil's development keys #3 to #5: three wallets, three addresses, none the demo's own. */
const KEYS: Hex[] = [
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
]

let stack: Awaited<ReturnType<typeof startDemoStack>>
const contexts: BrowserContext[] = []
const wallets: RelayWallet[] = []
const problems: string[] = []

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ embedded: false, accountServices: false })
}, idleMs(120_000))

afterAll(async () => {
  for (const wallet of wallets) await wallet.close()
  for (const context of contexts) await context.close()
  await stack?.stop()
})

async function wallet(privateKey: Hex, authenticate: RelayWalletOptions['authenticate']): Promise<RelayWallet> {
  const [a, b] = stack.chains
  const started = await startRelayWallet({
    relayUrl: stack.relayUrl,
    privateKey,
    name: 'Node Phone Wallet',
    rpcUrls: { [`eip155:${a!.chainId}`]: a!.rpcUrl, [`eip155:${b!.chainId}`]: b!.rpcUrl },
    ...(authenticate ? { authenticate } : {}),
  })
  wallets.push(started)
  return started
}

async function openDemo(): Promise<Page> {
  const context = await launchChromium()
  contexts.push(context)
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  const page = context.pages()[0] ?? (await context.newPage())
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) problems.push(`csp: ${message.text()}`)
  })
  await page.goto(`${stack.url}?namespaces=eip155&siwx=required`)
  await page.getByText('Airlock is running').waitFor()
  return page
}

const dialog = (page: Page) => page.getByRole('dialog')

/** Connect → WalletConnect → the pairing link, given to `phone`. */
async function pairWith(page: Page, phone: RelayWallet): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog(page).getByRole('button', { name: 'WalletConnect' }).click()
  const uri = await page.waitForFunction(() => window.airlock.getState().connection.wcUri, undefined, { timeout: idleMs(30_000) })
  await phone.pair((await uri.jsonValue()) as string)
}

const sessionsOf = async (address: string) => (await stack.sessions.sessions()).filter((s) => s.data.accountAddress === address && !s.revoked)
const events = async (page: Page) => (await page.locator('#events').textContent()) ?? ''

describe('one-click sign-in over WalletConnect (wc_sessionAuthenticate, issue 28 §4)', () => {
  it(
    'one approval in the wallet connects and signs in: no second signature request reaches the wallet; the service keeps the CACAO',
    async () => {
      const phone = await wallet(KEYS[0]!, 'approve')
      const address = privateKeyToAccount(KEYS[0]!).address
      const page = await openDemo()
      await pairWith(page, phone)
      await page.waitForFunction(() => window.airlock.getState().siwx?.hasSession === true, undefined, { timeout: idleMs(30_000) })
      await page
        .locator('#events li', { hasText: 'SIWX_AUTH_SUCCESS' })
        .first()
        .waitFor({ timeout: idleMs(20_000) })
      await page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })
      const state = await page.evaluate(() => {
        const s = window.airlock.getState()
        return { connected: s.connection.connectedNamespaces, address: s.account.accounts.eip155?.address, views: s.router.history.map((r) => r.view) }
      })
      expect(state.connected).toEqual(['eip155'])
      expect(state.address).toBe(address)
      expect(await events(page)).not.toMatch(/SIWX_AUTH_ERROR/)
      // What reached the wallet: one authenticate request; no proposal answered, no personal_sign.
      expect(phone.authentications).toHaveLength(1)
      expect(phone.proposals()).toBe(0)
      expect(phone.requests.map((r) => r.method)).not.toContain('personal_sign')
      expect(phone.requests).toEqual([])
      // The service verified it and keeps it with the CACAO the wallet signed.
      const [session, ...more] = await sessionsOf(address)
      expect(more).toEqual([])
      expect(session!.data).toMatchObject({ domain: new URL(stack.url).host, uri: new URL(stack.url).origin, chainId: `eip155:${stack.chains[0]!.chainId}` })
      expect(session!.cacao).toMatchObject({ h: { t: 'caip122' }, p: { iss: `did:pkh:eip155:${stack.chains[0]!.chainId}:${address}` }, s: { t: 'eip191' } })
      expect(session!.message).toMatch(/^Sign in to the Airlock demo I further authorize the stated URI/m)
      expect(problems).toEqual([])
    },
    idleMs(90_000),
  )

  it(
    'a wallet that rejects the sign-in: not connected, USER_REJECTED, nothing signed',
    async () => {
      const phone = await wallet(KEYS[1]!, 'reject')
      const page = await openDemo()
      await pairWith(page, phone)
      await page
        .locator('#events li', { hasText: 'USER_REJECTED' })
        .first()
        .waitFor({ timeout: idleMs(30_000) })
      expect(await page.evaluate(() => window.airlock.getState().connection.connectedNamespaces)).toEqual([])
      expect(phone.authentications).toHaveLength(1)
      expect(phone.proposals()).toBe(0)
      expect(await sessionsOf(privateKeyToAccount(KEYS[1]!).address)).toEqual([])
      expect(problems).toEqual([])
    },
    idleMs(90_000),
  )

  it(
    'a wallet without wc_sessionAuthenticate answers the fallback proposal: connected, then SIWXSignMessage, and Sign sends one personal_sign',
    async () => {
      const phone = await wallet(KEYS[2]!, undefined)
      const address = privateKeyToAccount(KEYS[2]!).address
      const page = await openDemo()
      await pairWith(page, phone)
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('eip155'), undefined, { timeout: idleMs(30_000) })
      expect(phone.proposals()).toBe(1)
      await dialog(page)
        .getByRole('heading', { name: 'Sign in' })
        .waitFor({ timeout: idleMs(30_000) })
      expect(await sessionsOf(address)).toEqual([])
      await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click()
      await page
        .locator('#events li', { hasText: 'SIWX_AUTH_SUCCESS' })
        .first()
        .waitFor({ timeout: idleMs(30_000) })
      expect(phone.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(1)
      const [session] = await sessionsOf(address)
      expect(session).toBeDefined()
      expect(session!.cacao).toBeUndefined()
      expect(problems).toEqual([])
    },
    idleMs(90_000),
  )
})
