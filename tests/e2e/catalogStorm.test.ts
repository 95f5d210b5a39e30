/**
 * Issue 11's request storm, in real Chromium under the demo's strict CSP: with the config service
 * unreachable, opening All wallets used to re-send `GET /getWallets?page=1` without pause (4,841
 * requests in 10 s) and stay on "Loading…". Now one opening sends at most SPEC §9's 3 tries, the
 * view says the wallets could not be loaded and offers a retry, and the retry works once the
 * service is back. Also: a site with no config API shows the bundled catalog and asks no one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startStaticServer } from '../../services/static/server.mjs'
import { startConfigService } from '../../services/config/server.mjs'
import { launchChromium } from './browser'
import { idleMs } from '../support/until'

let browser: BrowserContext
let config: Awaited<ReturnType<typeof startConfigService>>
let server: Awaited<ReturnType<typeof startStaticServer>>
const problems: string[] = []

beforeAll(async () => {
  await ensureBuilt()
  config = await startConfigService()
  const origin = new URL(config.url).origin
  server = await startStaticServer({ root: 'demo', connect: [origin], img: [origin], json: { '/env.json': { configUrl: config.url } } })
  browser = await launchChromium()
  mkdirSync('test-results', { recursive: true })
}, idleMs(120_000))

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await config?.close()
})

/**
 * The demo, its config service cut off while `unreachable()` says so (the browser sees the
 * connection fail, as offline), every request to it recorded. Nothing leaves loopback.
 */
async function openDemo(query: string, unreachable: () => boolean): Promise<{ page: Page; configRequests: URL[] }> {
  const page = await browser.newPage()
  const configRequests: URL[] = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (url.hostname !== '127.0.0.1') return route.abort()
    if (url.origin !== new URL(config.url).origin) return route.continue()
    configRequests.push(url)
    return unreachable() ? route.abort('connectionrefused') : route.continue()
  })
  await page.goto(`${server.url}${query}`)
  await page.getByText('Airlock is running').waitFor()
  return { page, configRequests }
}

const catalogRequests = (requests: readonly URL[]) => requests.filter((url) => url.pathname === '/getWallets')

describe('All wallets with the config service unreachable (issue 11)', () => {
  it('sends at most 3 catalog requests in 10 s, shows the error with a retry, and the retry works when the service is back', async () => {
    let down = true
    const { page, configRequests } = await openDemo('', () => down)
    await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    // The featured and recommended lists try (and fail) when the modal opens; let them finish.
    await page.waitForFunction(() => window.airlock.getState().walletCatalog.error !== null)
    const before = catalogRequests(configRequests).length

    await dialog.getByRole('button', { name: /All wallets/ }).click()
    await dialog.getByText('Could not load wallets').waitFor()
    await page.waitForTimeout(10_000)
    const opening = catalogRequests(configRequests).slice(before)
    expect(opening.length).toBeGreaterThanOrEqual(1)
    expect(opening.length).toBeLessThanOrEqual(3)
    for (const url of opening) expect(url.searchParams.get('page')).toBe('1')
    expect(await dialog.getByText('Could not load wallets').isVisible()).toBe(true)
    await page.screenshot({ path: 'test-results/all-wallets-unreachable.png' })

    down = false
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await dialog.getByRole('button', { name: 'MetaMask' }).waitFor()
    expect(await dialog.getByText('Could not load wallets').count()).toBe(0)
    expect(catalogRequests(configRequests).length).toBe(before + opening.length + 1)
    await page.close()
  })

  it('with no config API set, shows the bundled catalog with drawn icons and sends no config request at all', async () => {
    const requests: string[] = []
    const { page, configRequests } = await openDemo('?config=none', () => false)
    page.on('request', (request) => requests.push(request.url()))
    await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: /All wallets/ }).click()
    // Connect lists the 4 recommended (MetaMask first); All wallets the rest, Phantom first.
    await dialog.getByRole('heading', { name: 'All wallets' }).waitFor()
    const phantom = dialog.getByRole('button', { name: 'Phantom' })
    await phantom.waitFor()
    expect(await phantom.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    await dialog.getByRole('searchbox', { name: 'Search wallets' }).fill('rain')
    await dialog.getByRole('button', { name: 'Rainbow' }).waitFor()
    expect(configRequests).toEqual([])
    expect(requests.filter((url) => !url.startsWith(server.url))).toEqual([])
    await page.close()
  })

  it('had no script error', () => {
    expect(problems).toEqual([])
  })
})
