/**
 * Issue 28 §5: no request to any host the site did not configure, before or after a visitor acts.
 * In real Chromium on the whole demo stack (chains, account services, the secure frame, the
 * sessions service), every request the page, its frames (the secure frame among them), its workers
 * and any window it opens make is recorded, WebSockets too, over a whole visit: load, a while idle,
 * open, connect (the Demo Wallet), sign in (SIWX required), the Account with its tabs, a send
 * (1 ADT to a name, resolved by the Blockchain API), and disconnect. Each host:port must be one the
 * site configured: the page's own, or one of the service URLs the demo page is given (its
 * /env.json, which the demo passes to Airlock's options). Nothing on the way is stubbed; requests
 * outside loopback would be refused by the route, but are recorded first, so they still fail it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page, Request } from 'playwright-core'
import { DEMO_FRIEND, DEMO_FRIEND_NAME } from '../../services/accountStack.mjs'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { launchChromium } from './browser'
import { idleMs } from '../support/until'

let stack: Awaited<ReturnType<typeof startDemoStack>>
let context: BrowserContext

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack()
}, idleMs(180_000))

afterAll(async () => {
  await context?.close()
  await stack?.stop()
}, idleMs(60_000))

/** Every http(s)/ws(s) URL anywhere in `value` (the demo's env.json). */
function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^(https?|wss?):\/\//.test(value) ? [value] : []
  if (Array.isArray(value)) return value.flatMap(urlsIn)
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn)
  return []
}

/** A URL's host:port, the port spelled out. */
function hostPort(url: string): string | undefined {
  const parsed = new URL(url)
  if (!/^(https?|wss?):$/.test(parsed.protocol)) return undefined // data:, blob:, about: leave the page for nowhere
  const port = parsed.port || ({ 'http:': '80', 'ws:': '80', 'https:': '443', 'wss:': '443' } as Record<string, string>)[parsed.protocol]
  return `${parsed.hostname}:${port}`
}

const dialog = (page: Page) => page.getByRole('dialog')

describe('a whole visit asks only the hosts the site configured', () => {
  it(
    'load, idle, open, connect, sign in, Account, send, disconnect: every request of the page, its frames and workers goes to a configured host:port',
    async () => {
      const env = (await (await fetch(new URL('env.json', stack.url))).json()) as unknown
      const configured = new Set([stack.url, ...urlsIn(env)].map((url) => hostPort(url)!))
      // The demo's services are many: the page's own, the config service, the relay, the chains,
      // the Blockchain API, the secure frame and its auth, Solana, Bitcoin, the sessions service.
      expect(configured.size).toBeGreaterThanOrEqual(6)

      context = await launchChromium()
      const requests: { url: string; step: string; kind: string }[] = []
      let step = 'load'
      const record = (request: Request) => requests.push({ url: request.url(), step, kind: request.resourceType() })
      context.on('request', record)
      const watch = (page: Page) => {
        page.on('websocket', (socket) => requests.push({ url: socket.url(), step, kind: 'websocket' }))
        page.on('worker', (worker) => requests.push({ url: worker.url(), step, kind: 'worker' }))
      }
      context.on('page', watch)
      // Recorded above first; nothing outside loopback is let through.
      await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
      const problems: string[] = []
      const page = await context.newPage()
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))

      await page.goto(`${stack.url}?namespaces=eip155&siwx=required`)
      await page.getByText('Airlock is running').waitFor()
      step = 'idle'
      await page.waitForLoadState('networkidle')

      step = 'open'
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByRole('button', { name: 'Demo Wallet' }).waitFor()

      step = 'connect'
      await dialog(page).getByRole('button', { name: 'Demo Wallet' }).click()
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('eip155'), undefined, { timeout: idleMs(30_000) })

      step = 'sign-in'
      await dialog(page)
        .getByRole('button', { name: 'Sign', exact: true })
        .click({ timeout: idleMs(30_000) })
      await page
        .locator('#events li', { hasText: 'SIWX_AUTH_SUCCESS' })
        .first()
        .waitFor({ timeout: idleMs(30_000) })
      await page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })

      step = 'account'
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page).getByText('Account', { exact: true }).waitFor()
      await dialog(page)
        .getByRole('list', { name: 'Your tokens' })
        .waitFor({ timeout: idleMs(30_000) })
      for (const tab of ['NFTs', 'Activity', 'Tokens']) await dialog(page).getByRole('tab', { name: tab }).click()

      step = 'send'
      await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
      await dialog(page)
        .getByRole('radio', { name: /Airlock Demo Token/ })
        .check()
      await dialog(page)
        .getByLabel(/^Amount in /)
        .fill('1')
      await dialog(page).getByLabel('To', { exact: true }).fill(DEMO_FRIEND_NAME)
      await dialog(page)
        .getByRole('img', { name: `Avatar of ${DEMO_FRIEND_NAME}` })
        .waitFor()
      await dialog(page).getByRole('button', { name: 'Preview' }).click()
      await dialog(page).getByText('Review the transfer, then send it from your wallet.').waitFor()
      await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
      await page
        .getByText('Sent 1 ADT')
        .first()
        .waitFor({ timeout: idleMs(30_000) })
      expect(DEMO_FRIEND).toMatch(/^0x/)

      step = 'disconnect'
      await page.waitForFunction(() => window.airlock.getState().router.history.at(-1)?.view === 'Account', undefined, { timeout: idleMs(20_000) })
      await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.length === 0, undefined, { timeout: idleMs(20_000) })
      // What the page asks for after the visitor left: a few seconds of its polling and timers.
      step = 'after'
      await page.waitForTimeout(3_000)

      const hosts = new Map<string, number>()
      for (const request of requests) {
        const host = hostPort(request.url)
        if (host) hosts.set(host, (hosts.get(host) ?? 0) + 1)
      }
      console.info(`complaintHosts: ${requests.length} requests to ${hosts.size} hosts:`, Object.fromEntries(hosts))
      // The visit did reach the services (each step's requests were seen), the frame's among them.
      for (const each of ['load', 'open', 'connect', 'sign-in', 'account', 'send', 'disconnect'])
        expect(
          requests.some((r) => r.step === each),
          each,
        ).toBe(true)
      expect(requests.some((r) => r.url.startsWith(new URL(stack.embedded!.frameUrl).origin))).toBe(true)
      expect(requests.filter((r) => !configured.has(hostPort(r.url) ?? [...configured][0]!)).map((r) => `${r.step}: ${r.kind} ${r.url}`)).toEqual([])
      expect(problems).toEqual([])
    },
    idleMs(180_000),
  )
})
