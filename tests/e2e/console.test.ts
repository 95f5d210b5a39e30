/**
 * The site owner's console (issue 24 §3) in real Chromium against a real airlock-server (in-memory
 * database) and a wallet we did not write (@johanneskares/wallet-mock over anvil), under the
 * console's strict CSP:
 * - signed out, the owner signs in through Airlock's own modal and SIWX (the server's sessions
 *   service: its HttpOnly cookie authenticates the console API);
 * - first run: a wrong secret is refused with the server's message, the printed one makes the
 *   owner the admin;
 * - a project is created; an origin with a path is refused inline with the server's 400 message,
 *   a good one is added; swaps switched off, the config API answers swap disabled on its next call;
 *   the social providers reordered with the keyboard reach the config API in that order;
 * - wallets picked from the catalog (icons, search) reach the project; owners; analytics from
 *   events ingested from the project's origin show as charts and as a table;
 * - axe finds nothing serious on the project's sections in light and dark; screenshots at desktop
 *   (1280×800) and phone (390×844) widths into test-results/;
 * - sign-out revokes: the API answers 401 after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { gzipSync } from 'node:zlib'
import * as esbuild from 'esbuild'
import { http, type Chain } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { installMockWallet } from '@johanneskares/wallet-mock'
import { consoleOptions } from '../../esbuild.config.mjs'
import { startAirlockServer, type AirlockServer } from '../../server/app.mjs'
import { loadSettings } from '../../server/settings.mjs'
import { openDatabase, type Database } from '../../server/db/database.mjs'
import { startAnvil, type Anvil } from '../../services/chain/anvil.mjs'
import { launchChromium } from './browser'
import { idleMs } from '../support/until'

/** anvil's third development account: the owner's wallet. */
const OWNER_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3d68e3b5d6a7d4c5' as const
const OWNER = privateKeyToAccount(OWNER_KEY).address
const SITE = 'https://shop.example'

let anvil: Anvil
let db: Database
let server: AirlockServer
let context: BrowserContext
let page: Page
const problems: string[] = []
let projectId = ''

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** axe over the whole console page: the serious and critical violations, as text. */
async function pageViolations(): Promise<string[]> {
  await page.evaluate(axeSource)
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: unknown; failureSummary?: string }[] }[] }>
        }
      }
    ).axe
    return axe.run(document, { resultTypes: ['violations'] })
  })
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary}`).join(', ')}`)
}

const config = async (id: string) =>
  (await (await fetch(`${server.url}/appkit/v1/config?projectId=${id}`)).json()) as { features: { id: string; isEnabled: boolean; config?: string[] | null }[] }
const feature = async (id: string, featureId: string) => (await config(id)).features.find((f) => f.id === featureId)
const dialog = () => page.getByRole('dialog')
const tab = (name: string) => page.getByRole('tab', { name })
const setTheme = async (dark: boolean) => {
  const toggle = page.getByRole('button', { name: dark ? 'Switch to the dark theme' : 'Switch to the light theme' })
  if ((await toggle.count()) > 0) await toggle.click()
  await page.waitForFunction((d) => document.documentElement.dataset.theme === (d ? 'dark' : 'light'), dark)
}

async function shoot(name: string): Promise<void> {
  for (const [width, height, size] of [
    [1280, 800, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.waitForTimeout(150)
    await page.screenshot({ path: `test-results/console-${name}-${size}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

beforeAll(async () => {
  mkdirSync('test-results', { recursive: true })
  const [chain, database] = await Promise.all([startAnvil({ chainId: 31337 }), openDatabase({}), esbuild.build(consoleOptions)])
  anvil = chain
  db = database
  const settings = {
    ...loadSettings({ env: { AIRLOCK_PORT: '0', AIRLOCK_SIWX_CHAINS: 'eip155:31337' }, cwd: '/nonexistent' }),
    chains: [{ chainId: 31337, rpcUrl: anvil.url, name: 'Airlock Local' }],
  }
  server = await startAirlockServer(settings, { db, log: () => undefined })

  context = await launchChromium({ viewport: { width: 1280, height: 800 } })
  // Nothing leaves the machine: only the server, its frame and anvil (all on 127.0.0.1).
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  page = context.pages()[0] ?? (await context.newPage())
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) problems.push(`csp: ${message.text()}`)
  })
  const local: Chain = {
    id: 31337,
    name: 'Airlock Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  }
  await installMockWallet({ page: page as never, account: privateKeyToAccount(OWNER_KEY), defaultChain: local, transports: { 31337: http(anvil.url) } })
}, idleMs(180_000))

afterAll(async () => {
  await context?.close()
  await server?.stop()
  await db?.close()
  await anvil?.stop()
})

describe('the console (issue 24 §3)', () => {
  it('is served at /console with a strict CSP, and its first load is reasonable', async () => {
    for (const path of ['/console', '/console/']) {
      const answer = await fetch(`${server.url}${path}`)
      expect(answer.status).toBe(200)
      const csp = answer.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).not.toContain('unsafe-eval')
      expect(csp).toContain(`connect-src 'self' ${anvil.url}`)
      expect(csp).toContain(`frame-src ${new URL(server.frameUrl).origin}`)
    }
    // The first load: the entry and every chunk it imports statically (the analytics' charts are a lazy chunk).
    const loaded = new Map<string, Buffer>()
    const queue = [`${server.url}/console/dist/console.js`]
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      if (loaded.has(url)) continue
      const answer = await fetch(url)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toMatch(/javascript/)
      expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'")
      const text = await answer.text()
      loaded.set(url, Buffer.from(text))
      for (const [, path] of text.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g)) queue.push(new URL(path!, url).href)
    }
    const gzip = gzipSync(Buffer.concat([...loaded.values()])).length
    console.info(`the console's first load: ${loaded.size} scripts, ${gzip} B gzip`)
    expect([...loaded.keys()].some((url) => /AnalyticsSection/.test(url))).toBe(false)
    expect(gzip).toBeLessThan(160 * 1024)
    expect((await fetch(`${server.url}/console/dist/../serve.mjs`)).status).toBe(404)
  })

  it(
    'signs in through the modal (SIWX), claims the first run, creates a project, refuses a bad origin, switches swaps off',
    async () => {
      expect(server.firstRun?.secret).toBeTruthy()
      await page.goto(`${server.url}/console`)
      await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor()
      expect(await pageViolations()).toEqual([])
      await shoot('signed-out')

      // Airlock's own modal: connect the wallet, sign the SIWX message.
      await page.getByRole('button', { name: 'Sign in with a wallet' }).click()
      await dialog().getByRole('button', { name: 'Mock Wallet' }).click()
      await dialog()
        .getByRole('button', { name: 'Sign', exact: true })
        .click({ timeout: idleMs(30_000) })
      await page.getByRole('heading', { name: 'First run: claim this server' }).waitFor({ timeout: idleMs(30_000) })
      const cookies = await context.cookies()
      expect(cookies.map((c) => [c.name, c.httpOnly])).toEqual([['__Host-airlock-siwx', true]])
      await page.waitForFunction(() => !window.airlock.getState().router.open)
      await page.getByText(`Signed in as ${OWNER.slice(0, 6)}…${OWNER.slice(-4)}`).waitFor()

      // A wrong secret: the server's words by the field. Then the printed one.
      await page.getByLabel('First-run secret').fill('not-the-secret')
      await page.getByRole('button', { name: 'Claim' }).click()
      await page.getByRole('alert').filter({ hasText: 'That is not the first-run secret, or it was used already' }).waitFor()
      await shoot('claim')
      await page.getByLabel('First-run secret').fill(server.firstRun!.secret)
      await page.getByRole('button', { name: 'Claim' }).click()
      await page.getByRole('heading', { name: 'Projects' }).waitFor()

      // A new project: its page opens on Settings.
      await page.getByLabel('Project name').fill('Shop')
      await page.getByRole('button', { name: 'Create project' }).click()
      await page.getByRole('heading', { name: 'Shop', level: 1 }).waitFor()
      projectId = /#\/projects\/([^/]+)\//.exec(page.url())![1]!
      expect(projectId).toMatch(/^[0-9a-f]{32}$/)
      expect(await feature(projectId, 'swap')).toMatchObject({ isEnabled: true })

      // An origin with a path is refused with the server's 400 message, inline; a good one is added.
      const originField = page.getByLabel('Origin to allow')
      await originField.fill(`${SITE}/checkout`)
      await page.getByRole('button', { name: 'Add origin' }).click()
      const originError = page.locator('#origin-error')
      await originError.filter({ hasText: /\S/ }).waitFor()
      expect(await originField.getAttribute('aria-invalid')).toBe('true')
      expect(await originError.textContent()).toContain(`${SITE}/checkout`)
      await originField.fill(SITE)
      await page.getByRole('button', { name: 'Add origin' }).click()
      await page.getByRole('listitem').filter({ hasText: SITE }).waitFor()
      expect(await originError.textContent()).toBe('')
      expect(((await (await fetch(`${server.url}/projects/v1/origins?projectId=${projectId}`)).json()) as { allowedOrigins: string[] }).allowedOrigins).toEqual(
        [SITE],
      )
      expect(await pageViolations()).toEqual([])
      await shoot('settings-light')

      // Features, reached by keyboard (arrows move between the tabs): swaps off; the config API's next answer says so.
      await tab('Settings').focus()
      await page.keyboard.press('ArrowRight')
      // The tab is selected when the route follows the hash (a hashchange event, after the key press returns).
      await page.getByRole('tab', { name: 'Features', selected: true }).waitFor()
      expect(await tab('Features').getAttribute('aria-selected')).toBe('true')
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-features')
      const swaps = page.getByRole('switch', { name: 'Swaps' })
      expect(await swaps.getAttribute('aria-checked')).toBe('true')
      await swaps.click()
      await page.waitForFunction(() => document.querySelector('#feature-swap')?.getAttribute('aria-checked') === 'false')
      await expect.poll(async () => (await feature(projectId, 'swap'))?.isEnabled).toBe(false)

      // Socials by keyboard: X up above Google, Facebook off.
      await page.getByRole('button', { name: 'Move X up' }).focus()
      await page.keyboard.press('Enter')
      await expect.poll(async () => (await feature(projectId, 'social'))?.config?.slice(0, 2)).toEqual(['x', 'google'])
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('up-x')
      await page.getByRole('checkbox', { name: 'Facebook' }).uncheck()
      await expect.poll(async () => (await feature(projectId, 'social'))?.config).toEqual(['x', 'google', 'farcaster', 'discord', 'apple', 'github'])
      expect(await pageViolations()).toEqual([])
      await shoot('features-light')
      await setTheme(true)
      expect(await pageViolations()).toEqual([])
      await shoot('features-dark')
      await setTheme(false)
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )

  it(
    'picks wallets from the catalog with icons and search, and manages owners',
    async () => {
      await tab('Wallets').click()
      await page.getByRole('heading', { name: 'Catalog' }).waitFor()
      await page.locator('.catalog li').first().waitFor()
      const first = page.locator('.catalog img').first()
      await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
      const search = page.getByLabel('Search wallets')
      await search.fill('meta')
      await expect.poll(async () => (await page.locator('.catalog .wallet-name').allTextContents()).every((n) => /meta/i.test(n))).toBe(true)
      const name = (await page.locator('.catalog .wallet-name').first().textContent())!
      await page.getByLabel(name, { exact: true }).selectOption('featured')
      await page.locator('.list ul[aria-labelledby="list-featured"]').getByText(name).waitFor()
      const project = (await await page.evaluate(async (id) => (await fetch(`/console/api/projects/${id}`)).json(), projectId)) as {
        wallets: { featured: string[] }
      }
      expect(project.wallets.featured).toHaveLength(1)
      expect(await pageViolations()).toEqual([])
      await search.fill('')
      await expect.poll(() => page.locator('.catalog li').count()).toBeGreaterThan(1)
      await shoot('wallets-light')

      await tab('Owners').click()
      const owner = `eip155:31337:${privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d').address}`
      await page.getByLabel(/Address to add/).fill(owner)
      await page.getByRole('button', { name: 'Add owner' }).click()
      await page.getByRole('listitem').filter({ hasText: owner }).waitFor()
      await page.getByRole('button', { name: `Remove owner ${owner}` }).click()
      await expect.poll(() => page.getByRole('listitem').filter({ hasText: owner }).count()).toBe(0)
      expect(await pageViolations()).toEqual([])
      await shoot('owners-light')
      expect(problems).toEqual([])
    },
    idleMs(60_000),
  )

  it(
    'shows the analytics of events from the project’s origin as charts and a table, in light and dark',
    async () => {
      const day = 86_400_000
      const now = Date.now()
      const events = [
        ...[0, 0, 0, 1, 1, 2, 3, 3, 3, 3].map((d) => ({ type: 'MODAL_OPEN', at: now - d * day, payload: { connected: false } })),
        ...[0, 1, 3, 3].map((d) => ({
          type: 'CONNECT_SUCCESS',
          at: now - d * day,
          payload: { name: d ? 'MetaMask' : 'Rainbow', method: 'browser', namespace: 'eip155' },
        })),
        { type: 'CONNECT_SUCCESS', at: now - 2 * day, payload: { name: 'Email', method: 'email', namespace: 'eip155' } },
        { type: 'SIWX_AUTH_SUCCESS', at: now - day, payload: {} },
        { type: 'USER_REJECTED', at: now - 2 * day, payload: {} },
      ]
      const ingest = await fetch(`${server.url}/v1/analytics/events?projectId=${projectId}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SITE },
        body: JSON.stringify({ events }),
      })
      expect(ingest.status).toBe(204)
      // An SDK error a page of the project reported (SPEC §7 POST /e): the latest errors list it.
      const reported = await fetch(`${server.url}/e?projectId=${projectId}&st=airlock&sv=airlock-html-0.1.0`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SITE },
        body: JSON.stringify({
          eventId: 'e2e-1',
          url: `${SITE}/shop`,
          domain: new URL(SITE).hostname,
          timestamp: now,
          props: {
            type: 'error',
            event: 'INTERNAL_SDK_ERROR',
            errorType: 'TypeError',
            errorMessage: 'x is undefined',
            stackTrace: 'at send (effect:estimate)',
          },
        }),
      })
      expect(reported.status).toBe(204)

      await tab('Analytics').click()
      await page.getByRole('heading', { name: 'Totals' }).waitFor()
      const table = page.getByRole('region', { name: 'Per day, as a table' }).getByRole('table')
      expect(await table.locator('tbody tr').count()).toBe(30)
      const today = new Date(now).toISOString().slice(0, 10)
      const row = table.getByRole('row', { name: new RegExp(`^${today}`) })
      expect(await row.getByRole('cell').allTextContents()).toEqual(['3', '1', '0', '0', '0', '0'])
      await page.getByText('5 of 10 opens connected (50%)').waitFor()
      expect(await page.locator('.chart canvas').count()).toBeGreaterThanOrEqual(6)
      expect(await page.getByRole('img', { name: /^Modal opens per day/ }).count()).toBe(1)
      await page
        .getByRole('table', { name: 'Wallet' })
        .getByRole('row', { name: /MetaMask/ })
        .waitFor()
      const errors = page.getByRole('region', { name: 'Latest SDK errors' }).getByRole('table')
      expect(await errors.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
        'TypeError: x is undefined (INTERNAL_SDK_ERROR)',
        'at send (effect:estimate)',
        `${SITE}/shop (airlock-html-0.1.0)`,
      ])
      expect(await pageViolations()).toEqual([])
      await shoot('analytics-light')
      await setTheme(true)
      expect(await pageViolations()).toEqual([])
      await shoot('analytics-dark')

      // A range with nothing in it: the empty state.
      await page.getByLabel('From', { exact: true }).fill('2020-01-01')
      await page.getByLabel('To', { exact: true }).fill('2020-01-31')
      await page.getByRole('button', { name: 'Show' }).click()
      await page.getByText('No events in this range yet.', { exact: false }).waitFor()
      await setTheme(false)
      expect(problems).toEqual([])
    },
    idleMs(60_000),
  )

  it(
    'signs out: the sessions are revoked and the API answers 401',
    async () => {
      await page.getByRole('button', { name: 'Sign out' }).click()
      await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor()
      expect(await page.evaluate(async () => (await fetch('/console/api/me')).status)).toBe(401)
      expect(problems).toEqual([])
    },
    idleMs(30_000),
  )
})
