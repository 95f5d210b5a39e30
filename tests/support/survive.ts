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
 * // … connect and sign in …
 * const expected = { addresses: { eip155: address }, signedIn: address }
 * await idleHour(page)
 * await expectSurvived(page, stack.sessions, expected, () => signsWith(page, address))
 * ```
 */
import { expect } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
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
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) problems.push(`csp: ${message.text()}`)
  })
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
