/**
 * Sign in with a wallet (SPEC §4 "Sign-in flow (SIWX)", §2 SIWXSignMessage and its close lock) in
 * real Chromium under the demo's strict CSP, against the demo stack: the demo page with
 * `?siwx=required` uses `createSessionsSiwx` over the local sessions service (services/sessions),
 * which verifies every signature with the fail-closed reference verifier.
 * - eip155: connecting the Demo Wallet opens SIWXSignMessage with no Close; Sign signs in (the
 *   session on the service, SIWX_AUTH_SUCCESS in the page's event list), the modal closes; after
 *   a reload the account is still signed in and not asked again; the captured signed message sent
 *   again is refused (replay), a message for another domain is refused;
 * - sign-in is a credential, not a lookup (DESIGN "Trust boundaries"): the browser that signed
 *   holds an HttpOnly cookie its page's scripts cannot read; a second browser connecting the same
 *   address is asked to sign in; GET /v1/sessions?address=… without the credential answers 401
 *   and no data, and revocation without it is refused, the session still live;
 * - solana and bip122: the same sign-in with the Demo Wallet there;
 * - Cancel with sign-in required disconnects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { formatSiwxMessage } from '../../src/format/siwxMessage'
import { launchChromium } from './browser'
import { axeViolations } from './axe'
import { idleMs } from '../support/until'

let stack: Awaited<ReturnType<typeof startDemoStack>>
const contexts: BrowserContext[] = []
const problems: string[] = []

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ embedded: false })
}, idleMs(120_000))

afterAll(async () => {
  for (const context of contexts) await context.close()
  await stack?.stop()
})

async function openDemo(query: string): Promise<Page> {
  const context = await launchChromium()
  contexts.push(context)
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  const page = context.pages()[0] ?? (await context.newPage())
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) problems.push(`csp: ${message.text()}`)
  })
  await page.goto(`${stack.url}${query}`)
  await page.getByText('Airlock is running').waitFor()
  return page
}

const dialog = (page: Page) => page.getByRole('dialog')
const origin = () => new URL(stack.url).origin

/** Connect the Demo Wallet on the page's one namespace; SIWXSignMessage then opens (no session yet). */
async function connectAndWaitForSignIn(page: Page, namespace: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog(page).getByRole('button', { name: 'Demo Wallet' }).click()
  await page.waitForFunction((ns) => window.airlock.getState().connection.connectedNamespaces.includes(ns as never), namespace, { timeout: idleMs(30_000) })
  await dialog(page)
    .getByRole('button', { name: 'Sign', exact: true })
    .waitFor({ timeout: idleMs(30_000) })
}

async function signIn(page: Page): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click()
  await page
    .locator('#events li', { hasText: 'SIWX_AUTH_SUCCESS' })
    .first()
    .waitFor({ timeout: idleMs(30_000) })
  await page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })
}

const activeAddress = (page: Page) =>
  page.evaluate(() => {
    const s = window.airlock.getState()
    const ns = s.networks.activeNamespace!
    return { address: s.account.accounts[ns].address!, chainId: s.networks.activeCaipNetworkId! }
  })

const sessionsOf = async (address: string, chainId: string) =>
  (await stack.sessions.sessions()).filter((s) => s.data.accountAddress === address && s.data.chainId === chainId && !s.revoked)

/** A call to the sessions service from inside `page`, with or without its cookies: status and body. */
const fromPage = (page: Page, url: string, init: { method?: string; credentials: RequestCredentials }) =>
  page.evaluate(
    async ([u, i]) => {
      const answer = await fetch(u, { ...i, headers: { 'content-type': 'application/json' }, ...(i.method === 'POST' ? { body: '{}' } : {}) })
      return { status: answer.status, body: (await answer.json()) as unknown }
    },
    [url, init] as const,
  )

/** The first test's signed-in page, for the later ones. */
let signedInPage: Page | undefined

describe('sign in with a wallet against the sessions service (SPEC §4 Sign-in flow)', () => {
  it(
    'eip155, required: SIWXSignMessage without Close, Sign signs in and closes; a reload is not asked again; a replay and another domain are refused',
    async () => {
      const page = await openDemo('?namespaces=eip155&siwx=required')
      await connectAndWaitForSignIn(page, 'eip155')
      // SPEC §2: Close is disabled on the sign view while sign-in is required without a session.
      await dialog(page).getByRole('heading', { name: 'Sign in' }).waitFor()
      expect(await dialog(page).getByRole('button', { name: 'Close' }).count()).toBe(0)
      await page.keyboard.press('Escape')
      expect(await page.evaluate(() => window.airlock.getState().router.open)).toBe(true)
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: '.cache/siwx-sign.png' })

      await signIn(page)
      signedInPage = page
      const { address, chainId } = await activeAddress(page)
      const stored = await sessionsOf(address, chainId)
      expect(stored).toHaveLength(1)
      // The credential: an HttpOnly cookie for the page's host (any port), invisible to the page's scripts.
      const cookies = await page.context().cookies()
      expect(cookies.map(({ name, httpOnly, secure, sameSite }) => ({ name, httpOnly, secure, sameSite }))).toEqual([
        { name: '__Host-airlock-siwx', httpOnly: true, secure: true, sameSite: 'Strict' },
      ])
      expect(await page.evaluate(() => document.cookie)).toBe('')
      expect(stored[0]!.data).toMatchObject({ domain: new URL(stack.url).host, uri: origin(), statement: 'Sign in to the Airlock demo' })
      expect(await page.evaluate(() => window.airlock.getState().siwx?.hasSession)).toBe(true)

      // A reload restores the connection; the service still has the session: not asked again.
      await page.reload()
      await page.getByText('Airlock is running').waitFor()
      await page.waitForFunction(() => window.airlock.getState().siwx?.hasSession === true, undefined, { timeout: idleMs(30_000) })
      expect(await page.evaluate(() => window.airlock.getState().router.open)).toBe(false)
      expect(await page.locator('#events li', { hasText: 'MODAL_OPEN' }).count()).toBe(0)

      // The captured signed message, sent again from the page's origin: the nonce was used.
      const replay = await fetch(`${stack.sessions.url}/v1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: origin() },
        body: JSON.stringify({ message: stored[0]!.message, signature: stored[0]!.signature }),
      })
      expect(replay.status).toBe(401)
      expect(((await replay.json()) as { message: string }).message).toBe('Sign-in refused: the nonce was not issued or was used already')

      // A message for another domain, with a nonce the service issued and a valid signature: refused.
      const { nonce } = (await (await fetch(`${stack.sessions.url}/v1/nonce`, { method: 'POST', headers: { origin: origin() } })).json()) as { nonce: string }
      const key = privateKeyToAccount(generatePrivateKey())
      const now = Date.now()
      const message = formatSiwxMessage({
        domain: 'evil.example',
        uri: 'https://evil.example',
        accountAddress: key.address,
        chainId,
        version: '1',
        nonce,
        issuedAt: new Date(now - 1000).toISOString(),
        expirationTime: new Date(now + 60_000).toISOString(),
      })
      const foreign = await fetch(`${stack.sessions.url}/v1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: origin() },
        body: JSON.stringify({ message, signature: await key.signMessage({ message }) }),
      })
      expect(foreign.status).toBe(401)
      expect(((await foreign.json()) as { message: string }).message).toMatch(/the message is for evil.example/)
      expect(problems).toEqual([])
    },
    idleMs(90_000),
  )

  it(
    'another browser connecting the same address is not signed in; without the credential the sessions are neither read nor revoked',
    async () => {
      const first = signedInPage!
      const { address, chainId } = await activeAddress(first)
      const [session] = await sessionsOf(address, chainId)
      expect(session).toBeDefined()
      const list = `${stack.sessions.url}/v1/sessions?address=${address}&chainId=${chainId}`

      // The signer's page reads its session with its credential, and nothing without it.
      const own = await fromPage(first, list, { credentials: 'include' })
      expect(own.status).toBe(200)
      expect((own.body as { sessions: { id: string }[] }).sessions.map((s) => s.id)).toEqual([session!.id])
      expect(await fromPage(first, list, { credentials: 'omit' })).toEqual({ status: 401, body: { message: 'Sign-in required' } })

      // A second browser: the Demo Wallet there has the same address, but no credential. Asked to sign in.
      const page = await openDemo('?namespaces=eip155&siwx=required')
      await connectAndWaitForSignIn(page, 'eip155')
      expect(await activeAddress(page)).toEqual({ address, chainId })
      await dialog(page).getByRole('heading', { name: 'Sign in' }).waitFor()
      expect(await page.evaluate(() => window.airlock.getState().siwx?.hasSession)).toBe(false)
      expect(await page.evaluate(() => window.airlock.getState().router.closeLocks)).toHaveProperty('siwx')
      expect(await page.context().cookies()).toEqual([])

      // A direct fetch of the address's sessions, from that page or from anywhere: 401, no data.
      expect(await fromPage(page, list, { credentials: 'include' })).toEqual({ status: 401, body: { message: 'Sign-in required' } })
      const direct = await fetch(list, { headers: { origin: origin() } })
      expect(direct.status).toBe(401)
      expect(await direct.json()).toEqual({ message: 'Sign-in required' })
      expect((await fetch(`${stack.sessions.url}/v1/sessions/${session!.id}`, { headers: { origin: origin() } })).status).toBe(401)

      // Revocation without the credential: refused, from the page and from anywhere; the session stays live.
      const revoke = `${stack.sessions.url}/v1/sessions/${session!.id}/revoke`
      expect(await fromPage(page, revoke, { method: 'POST', credentials: 'include' })).toEqual({ status: 401, body: { message: 'Sign-in required' } })
      const outside = await fetch(revoke, { method: 'POST', headers: { origin: origin() } })
      expect(outside.status).toBe(401)
      expect((await sessionsOf(address, chainId)).map((s) => s.id)).toEqual([session!.id])
      // And the signer is still signed in.
      expect((await fromPage(first, list, { credentials: 'include' })).status).toBe(200)
      expect(problems).toEqual([])
    },
    idleMs(60_000),
  )

  it.each([
    ['solana', '?namespaces=solana&siwx=required'],
    ['bip122', '?namespaces=bip122&siwx=required'],
  ])(
    '%s: the Demo Wallet signs in; the service verified and keeps the session',
    async (namespace, query) => {
      const page = await openDemo(query)
      await connectAndWaitForSignIn(page, namespace)
      await signIn(page)
      const { address, chainId } = await activeAddress(page)
      expect(chainId.startsWith(`${namespace}:`)).toBe(true)
      expect(await sessionsOf(address, chainId)).toHaveLength(1)
      expect(problems).toEqual([])
    },
    60_000,
  )

  it(
    'Cancel with sign-in required disconnects and shows Connect (SPEC §4)',
    async () => {
      // A fresh browser holds no credential: the first test's session does not sign it in.
      const page = await openDemo('?namespaces=eip155&siwx=required')
      const [first] = await stack.sessions.sessions()
      const { address, chainId } = { address: first!.data.accountAddress, chainId: first!.data.chainId }
      const before = (await sessionsOf(address, chainId)).length
      await connectAndWaitForSignIn(page, 'eip155')
      await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click()
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.length === 0, undefined, { timeout: idleMs(20_000) })
      await page.waitForFunction(() => {
        const { router } = window.airlock.getState()
        return router.open && router.history.map((r) => r.view).join() === 'Connect'
      })
      // Nothing signed, nothing revoked (the other browser's session is not this one's to end).
      expect(await sessionsOf(address, chainId)).toHaveLength(before)
      expect(problems).toEqual([])
    },
    idleMs(60_000),
  )
})
