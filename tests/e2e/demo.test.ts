/**
 * The demo runs in real Chromium under a strict Content-Security-Policy: the instance starts,
 * `window.airlock` is there, the modal opens and closes through its state, no script error and no
 * CSP violation happen. A screenshot is kept in test-results/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startStaticServer } from '../../services/static/server.mjs'
import { launchChromium } from './browser'

let browser: BrowserContext
let server: Awaited<ReturnType<typeof startStaticServer>>
let page: Page
const problems: string[] = []

beforeAll(async () => {
  await ensureBuilt()
  server = await startStaticServer({ root: 'demo' })
  browser = await launchChromium()
  page = await browser.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    // The demo points the config API at its own origin, which has none yet: that 404 is expected.
    if (message.type() === 'error' && !message.text().includes('404')) problems.push(`console: ${message.text()}`)
  })
  // Every request leaves for loopback only.
  await page.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  // Swaps are on in the demo by default; `?swaps=0` starts without them, so switching them on can be seen.
  await page.goto(`${server.url}?swaps=0`)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('the demo in Chromium', () => {
  it('starts an instance under a strict CSP and exposes it as window.airlock', async () => {
    await page.getByText('Airlock is running').waitFor()
    expect(await page.evaluate(() => typeof window.airlock.open)).toBe('function')
    expect(await page.evaluate(() => window.airlock.getState().networks.activeCaipNetworkId)).toBe('eip155:1')
  })

  it('opens and closes the modal through its state and shows the public events', async () => {
    await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
    await page.getByText('Modal open').waitFor()
    // The modal covers the page: it closes through its own Close button.
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await page.getByText('Modal closed').waitFor()
    const events = await page.locator('#events li').allTextContents()
    expect(events.some((text) => text.startsWith('MODAL_OPEN'))).toBe(true)
    expect(events.some((text) => text.startsWith('MODAL_CLOSE'))).toBe(true)
  })

  it('loads the swap plugin chunk only when the feature is switched on', async () => {
    const chunks: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/chunks/')) chunks.push(request.url())
    })
    expect(await page.evaluate(() => window.airlock.loadedPlugins())).not.toContain('swap')
    await page.getByLabel('Swaps feature (lazy plugin)').check()
    await page.waitForFunction(() => window.airlock.loadedPlugins().includes('swap'))
    expect(chunks.length).toBeGreaterThan(0)
    await page.getByText(/plugins loaded: .*swap/).waitFor()
  })

  it('had no script error and no CSP violation', async () => {
    mkdirSync('test-results', { recursive: true })
    await page.screenshot({ path: 'test-results/demo.png', fullPage: true })
    expect(problems).toEqual([])
  })
})
