/**
 * What issue 28 §5's survival tests share ("a connection and a sign-in survive a reload, an hour
 * idle and a partial disconnect, for every connector kind", tests/e2e/complaintSurvive*.test.ts):
 * a page that reaches loopback only and whose clock the test moves (Playwright's page.clock), the
 * state read from `window.airlock`, a reload that must come back connected without asking anything,
 * an idle hour, and the check made after each step: the same addresses, status connected, the
 * sign-in still there (in the page and on the sessions service), and a request that still works.
 *
 * ```ts
 * const page = await survivalPage(context, problems, `${stack.url}?namespaces=eip155&siwx=required`)
 * await pickDemoWallet(page)
 * await signInAsked(page)
 * const expected = { addresses: { eip155: address }, signedIn: address }
 * await idleHour(page)
 * await expectSurvived(page, stack.sessions, expected, () => signsWith(page, address))
 * ```
 * (tests/support/fileDemoStack.ts starts the demo stack and opens such pages for a test file.)
 */
import { expect } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { recoverMessageAddress, type Address, type Hex } from 'viem'
import { recordCspProblems } from './pageProblems'
import { idleMs } from './until'

export const HOUR_MS = 60 * 60 * 1000

/** The part of a sessions service (services/sessions, as the demo stack runs it) the checks read. */
export interface SessionsReader {
  sessions(): Promise<readonly { readonly data: { readonly accountAddress: string }; readonly revoked?: boolean | null | undefined }[]>
}

/**
 * A new page of `context` that reaches 127.0.0.1 only, whose errors go to `problems`, with
 * Playwright's clock installed (the page's time and timers move only when the test says, besides
 * running on), opened at `url` once the demo says it runs.
 */
export async function survivalPage(context: BrowserContext, problems: string[], url: string, before?: (page: Page) => Promise<void>): Promise<Page> {
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  const page = await context.newPage()
  recordCspProblems(page, problems)
  await before?.(page)
  await page.clock.install()
  await page.goto(url)
  // A page that never starts says why: its errors so far go with the time-out.
  await page
    .getByText('Airlock is running')
    .waitFor({ timeout: idleMs(60_000) })
    .catch((error: unknown) => {
      throw new Error(`the demo did not start (${problems.join('; ') || 'no page error'}): ${String(error)}`)
    })
  return page
}

export const dialog = (page: Page) => page.getByRole('dialog')

/** The connected namespaces, sorted. */
export const connectedNamespaces = (page: Page) => page.evaluate(() => [...window.airlock.getState().connection.connectedNamespaces].sort())

/** The active address of `namespace`. */
export const addressOf = (page: Page, namespace: string) => page.evaluate((ns) => window.airlock.getState().account.accounts[ns as 'eip155'].address, namespace)

/** The connector `namespace` is connected through (its id: 'injected', 'AUTH', an EIP-6963 rdns…). */
export const activeConnector = (page: Page, namespace: string) =>
  page.evaluate((ns) => window.airlock.getState().connectors.activeConnectorIds[ns as 'eip155'], namespace)

/** Whether the modal is open. */
export const modalOpen = (page: Page) => page.evaluate(() => window.airlock.getState().router.open)

/** From the demo's Connect wallet button, picks the Demo Wallet in the modal (what follows, a sign-in asked or not, is the caller's). */
export async function pickDemoWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog(page).getByRole('button', { name: 'Demo Wallet' }).click()
}

/**
 * The sign-in the modal asks for (SIWX required): Sign clicked, then `approve` (what else the
 * signature waits for: the embedded wallet's frame, a connect call to settle), then the demo's event
 * log shows SIWX_AUTH_SUCCESS, the page holds the session, and the modal closes.
 */
export async function signInAsked(page: Page, approve?: () => Promise<unknown>): Promise<void> {
  await dialog(page)
    .getByRole('button', { name: 'Sign', exact: true })
    .click({ timeout: idleMs(30_000) })
  await approve?.()
  await page
    .locator('#events li', { hasText: 'SIWX_AUTH_SUCCESS' })
    .first()
    .waitFor({ timeout: idleMs(30_000) })
  await page.waitForFunction(() => window.airlock.getState().siwx?.hasSession === true, undefined, { timeout: idleMs(30_000) })
  await page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })
}

/** A request through the connection: personal_sign of 'still here' by the site's eip155 provider, recovered to `address`. */
export async function signsWith(page: Page, address: Address): Promise<void> {
  const signature = (await page.evaluate(
    (account) => window.airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x7374696c6c2068657265', account] }),
    address,
  )) as Hex
  expect(await recoverMessageAddress({ message: 'still here', signature })).toBe(address)
}

/** The sessions service's live (not revoked) sessions for `address`. */
export const liveSessions = async (service: SessionsReader, address: string) =>
  (await service.sessions()).filter((s) => s.data.accountAddress === address && !s.revoked)

/**
 * An hour idle: the page's clock jumps an hour and every page timer due in it runs (heartbeats,
 * expiry checks, polls). Servers and Node-side wallets keep real time.
 */
export async function idleHour(page: Page): Promise<void> {
  await page.clock.fastForward(HOUR_MS)
}

/** A reload: the page comes back with `namespaces` connected, restored from storage, and the modal closed (no sign-in asked). */
export async function reloadRestored(page: Page, namespaces: readonly string[]): Promise<void> {
  await page.reload()
  await page.getByText('Airlock is running').waitFor()
  await expect.poll(() => connectedNamespaces(page), { timeout: idleMs(30_000) }).toEqual([...namespaces].sort())
}

export interface Survivor {
  /** The address expected in each connected namespace (exactly these namespaces connected). */
  readonly addresses: Readonly<Record<string, string>>
  /** The address signed in (SIWX) on the sessions service, when sign-in applies. */
  readonly signedIn?: string
}

/**
 * The check after each step: exactly the expected namespaces connected, each with its address and
 * status connected, the connection status connected; when signed in, the page holds the session
 * (no sign-in view, none asked) and the service one live session for the address; then `request`
 * (a real request through the connection) still works.
 */
export async function expectSurvived(page: Page, sessions: SessionsReader | null, expected: Survivor, request: () => Promise<void>): Promise<void> {
  const namespaces = Object.keys(expected.addresses).sort()
  await expect.poll(() => connectedNamespaces(page), { timeout: idleMs(30_000) }).toEqual(namespaces)
  await expect.poll(() => page.evaluate(() => window.airlock.getState().connection.status), { timeout: idleMs(30_000) }).toBe('connected')
  const accounts = await page.evaluate(
    (list) =>
      Object.fromEntries(
        list.map((ns) => {
          const account = window.airlock.getState().account.accounts[ns as 'eip155']
          return [ns, { address: account.address, status: account.status }]
        }),
      ),
    namespaces,
  )
  expect(accounts).toEqual(Object.fromEntries(namespaces.map((ns) => [ns, { address: expected.addresses[ns], status: 'connected' }])))
  if (expected.signedIn !== undefined) {
    await expect.poll(() => page.evaluate(() => window.airlock.getState().siwx?.hasSession ?? false), { timeout: idleMs(20_000) }).toBe(true)
    expect(await page.evaluate(() => window.airlock.getState().router.open)).toBe(false)
    expect(await liveSessions(sessions!, expected.signedIn)).toHaveLength(1)
  }
  await request()
}
