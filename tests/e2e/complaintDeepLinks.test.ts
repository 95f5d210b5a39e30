/**
 * Issue 28 §5: mobile deep links in the in-app browsers people complain about (Telegram mini apps,
 * Instagram and Facebook in-app, Samsung Internet, Opera), each by its real user agent in
 * Chromium's mobile emulation, on the demo through the local relay. For each, a wallet's app link
 * (Trust Wallet, `trust://`) and a web app (Safe, https:) are opened from ConnectingWalletConnect,
 * and the test sees which method opened them: `Telegram.WebApp.openLink` (a stand-in recording its
 * calls, as Telegram's script would define it), `window.open` (recorded), or a navigation of this
 * tab (seen by Chromium: a navigation request of the main frame, the web app's page served by the
 * test; a custom scheme's request through CDP's Page.frameRequestedNavigation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { contentSecurityPolicy } from '../../services/static/server.mjs'
import { launchChromium } from './browser'
import { idleMs, testsAtOnce } from '../support/until'
import { IN_APP_BROWSERS, type InAppBrowser } from '../support/inAppUserAgents'
import type { LinkMethod } from '../../src/core/connect/linkRules'

const WEB_APP = 'https://app.safe.global'

let stack: Awaited<ReturnType<typeof startDemoStack>>

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ accountServices: false, embedded: false })
}, idleMs(180_000))

afterAll(async () => {
  await stack?.stop()
}, idleMs(60_000))

const dialog = (page: Page) => page.getByRole('dialog')

interface Seen {
  readonly method: LinkMethod | 'none'
  readonly url: string
  readonly target?: string
}

/** A phone of `browser`'s kind on the demo, recording every way a link can leave the page. */
async function phonePage(browser: InAppBrowser) {
  const context = await launchChromium({ userAgent: browser.userAgent, isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } })
  const problems: string[] = []
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (url.hostname === '127.0.0.1') return route.continue()
    // The web app's page, served here: the navigation itself is what the test watches for.
    if (url.origin === WEB_APP)
      return route.fulfill({ contentType: 'text/html', headers: { 'content-security-policy': contentSecurityPolicy() }, body: '<title>web app</title>' })
    return route.abort()
  })
  await context.addInitScript((telegram: boolean) => {
    const opened: { method: string; url: string; target?: string }[] = []
    Object.assign(window, { opened })
    window.open = (url?: string | URL, target?: string) => {
      opened.push({ method: 'window', url: String(url), ...(target ? { target } : {}) })
      return null
    }
    if (telegram) Object.assign(window, { Telegram: { WebApp: { openLink: (url: string) => opened.push({ method: 'telegram', url }) } } })
  }, browser.telegram)
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  const navigations: string[] = []
  const cdp = await context.newCDPSession(page)
  await cdp.send('Page.enable')
  cdp.on('Page.frameRequestedNavigation', (event: { url: string }) => navigations.push(event.url))
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame() && !request.url().startsWith(stack.url)) navigations.push(request.url())
  })
  return { context, page, problems, navigations }
}

type Phone = Awaited<ReturnType<typeof phonePage>>

/** Opens `wallet`'s ConnectingWalletConnect on the demo, clicks `button`, and says how the link left. */
async function openFromModal({ page, problems, navigations }: Phone, wallet: string, button: string): Promise<Seen> {
  {
    await page.goto(stack.url)
    await page.getByText('Airlock is running').waitFor()
    await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
    await dialog(page)
      .getByRole('button', { name: /All wallets/ })
      .click()
    await dialog(page).getByRole('searchbox', { name: 'Search wallets' }).fill(wallet)
    await dialog(page).getByRole('button', { name: wallet, exact: true }).click()
    const uri = await page.waitForFunction(() => window.airlock.getState().connection.wcUri, undefined, { timeout: idleMs(30_000) })
    expect(String(await uri.jsonValue())).toMatch(/^wc:/)
    const before = navigations.length
    await dialog(page).getByRole('button', { name: button }).click()
    // One of the three ways happens: a recorded call, or a navigation Chromium reports.
    const seen = await (async (): Promise<Seen> => {
      for (const deadline = Date.now() + idleMs(10_000); Date.now() < deadline; await page.waitForTimeout(50)) {
        const opened = page.url().startsWith(stack.url) ? ((await page.evaluate(() => (window as unknown as { opened: Seen[] }).opened)) as Seen[]) : []
        if (opened.length > 0) {
          expect(opened).toHaveLength(1)
          return opened[0]!
        }
        const navigated = navigations.slice(before).find((url) => !url.startsWith(stack.url))
        if (navigated) return { method: 'navigate', url: navigated }
      }
      return { method: 'none', url: '' }
    })()
    expect(problems).toEqual([])
    return seen
  }
}

async function openOnFreshPhone(browser: InAppBrowser, wallet: string, button: string): Promise<Seen> {
  const phone = await phonePage(browser)
  try {
    return await openFromModal(phone, wallet, button)
  } finally {
    await phone.context.close()
  }
}

/** The browsers of the complaints; Safari, Chrome and Telegram's plain in-app browser are covered by linkRules.test.ts. */
const COMPLAINED = ['Telegram mini app (Android)', 'Instagram (iOS)', 'Facebook (Android)', 'Samsung Internet', 'Opera (Android)', 'Opera Mini']

// The six browsers at once (vitest's maxConcurrency, 5, at a time) when the machine has CPU to spare
// (testsAtOnce), each test on phones of its own: a test mostly waits (the page's load, the
// WalletConnect pairing through the local relay, the link's way out); one after another the file
// took 70 s in CI.
;(testsAtOnce() ? describe.concurrent : describe)('deep links in the in-app browsers people complain about', () => {
  for (const browser of IN_APP_BROWSERS.filter((b) => COMPLAINED.includes(b.name))) {
    it(
      `${browser.name}: a custom-scheme app link opens by ${browser.telegram ? 'navigate' : browser.appLink}, a web app by ${browser.webApp}`,
      async () => {
        // Trust Wallet's app link is a custom scheme: Telegram's openLink takes https: only, so a
        // mini app navigates to it, as the in-app browsers do; a full browser hands over the tab.
        // Each link on a fresh phone (a new profile): nothing remembered from the other.
        const app = await openOnFreshPhone(browser, 'Trust Wallet', 'Open Trust Wallet')
        expect(app.method).toBe(browser.telegram ? 'navigate' : browser.appLink)
        expect(app.url).toMatch(/^trust:\/\/wc\?uri=wc%3A/)
        if (app.method === 'window') expect(app.target).toBe('_self')

        const web = await openOnFreshPhone(browser, 'Safe', 'Open Safe web app')
        expect(web.method).toBe(browser.webApp)
        expect(web.url.startsWith(`${WEB_APP}/?uri=wc%3A`)).toBe(true)
        if (web.method === 'window') expect(web.target).toBe('_blank')
      },
      idleMs(120_000),
    )
  }
})
