/**
 * The page-side buttons of `airlock/react` (issue 25 §4) in real Chromium, under the strict CSP the
 * demo is served with, each state its own instance on one page (tests/e2e/buttonsPage.tsx): the
 * Demo Wallet connected on a local anvil chain (its real balance), a wallet that has not answered
 * yet, nothing connected. The layout facts that matter are asserted — the address and the balance
 * are separate elements with space between them, the pending state is announced (aria-busy), the
 * compact forms have accessible names, the focus ring shows, sizes and theme hold — and pictures
 * are kept in test-results/ (bench/buttons compares them with RainbowKit's and AppKit's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { mkdirSync, readFileSync } from 'node:fs'
import { startAnvil, type Anvil } from '../../services/chain/anvil.mjs'
import { buildTestPage, type BuiltTestPage, type ServedTestPage } from '../support/testPage'
import { launchLoopbackChromium } from '../support/loopbackChromium'
import { idleMs } from '../support/until'

let anvil: Anvil
let built: BuiltTestPage | undefined
let site: ServedTestPage
let browser: BrowserContext
const problems: string[] = []

/** The page at a width and theme, once the connected account shows its balance. */
async function openPage(theme: 'light' | 'dark' = 'light', width = 1200): Promise<Page> {
  const page = await browser.newPage()
  await page.setViewportSize({ width, height: 560 })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(`console: ${message.text()}`)
  })
  await page.goto(`${site.url}?theme=${theme}`)
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: idleMs(30_000) })
  return page
}

const button = (page: Page, row: string, state: string): Locator => page.locator(`[data-row="${row}"] [data-state="${state}"] button`).first()
const box = async (locator: Locator) => {
  const b = await locator.boundingBox()
  if (!b) throw new Error('not rendered')
  return b
}
const css = (locator: Locator, property: string) => locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property)

beforeAll(async () => {
  // Each kept as it comes, so afterAll stops what started even when the other failed.
  const [, page] = await Promise.all([
    startAnvil({ chainId: 31337 }).then((chain) => (anvil = chain)),
    buildTestPage({
      entry: 'tests/e2e/buttonsPage.tsx',
      title: 'Buttons',
      head: '<link rel="stylesheet" href="./buttonsPage.css">',
      files: { 'buttonsPage.css': readFileSync('tests/e2e/buttonsPage.css', 'utf8') },
    }).then((page) => (built = page)),
  ])
  site = await page.serve({ connect: [anvil.url], json: { '/env.json': { chainId: 31337, rpcUrl: anvil.url } } })
  // Nothing leaves the machine (the idle instance's Ethereum is never read).
  browser = await launchLoopbackChromium()
  mkdirSync('test-results', { recursive: true })
}, idleMs(120_000))

afterAll(async () => {
  await browser?.close()
  await (site ? site.close() : built?.remove())
  await anvil?.stop()
})

describe('the page-side buttons (Chromium, strict CSP)', () => {
  it('connected: avatar, short address and the balance as separate elements with space between them', async () => {
    const page = await openPage()
    const account = button(page, 'md', 'connected')
    const balance = account.locator('.airlock-balance')
    const address = account.locator('.airlock-address')
    expect(await balance.textContent()).toBe('10,000.00 ETH')
    expect(await address.textContent()).toBe('0xf39F…2266')
    // The balance ends well before the address begins (the avatar between them), on one line.
    const [b, a, avatar] = await Promise.all([box(balance), box(address), box(account.locator('.airlock-avatar'))])
    expect(a.x - (b.x + b.width)).toBeGreaterThanOrEqual(12)
    expect(avatar.x).toBeGreaterThan(b.x + b.width)
    expect(avatar.x + avatar.width).toBeLessThanOrEqual(a.x)
    expect(Math.abs(b.y + b.height / 2 - (a.y + a.height / 2))).toBeLessThanOrEqual(1.5)
    // A drawn avatar (no image fetched), and the whole said to a screen reader.
    expect(await account.locator('svg.airlock-avatar').count()).toBe(1)
    expect(await account.getAttribute('aria-label')).toBe('Account 0xf39F…2266, balance 10,000.00 ETH')
    expect(await account.getAttribute('title')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    await page.screenshot({ path: 'test-results/buttons-desktop-light.png' })
    await page.close()
  })

  it('connecting: a spinner and "Connecting…", announced by aria-busy; the idle button is not busy', async () => {
    const page = await openPage()
    const pending = button(page, 'md', 'connecting')
    expect(await pending.getAttribute('aria-busy')).toBe('true')
    expect((await pending.textContent())?.trim()).toBe('Connecting…')
    const spinner = pending.locator('.airlock-spinner')
    expect(await spinner.getAttribute('aria-hidden')).toBe('true')
    expect(await spinner.evaluate((element) => element.getAnimations().length)).toBe(1)
    const idle = button(page, 'md', 'disconnected')
    expect(await idle.getAttribute('aria-busy')).toBe('false')
    expect(await idle.textContent()).toBe('Connect wallet')
    await page.close()
  })

  it('sizes: sm, md and lg are 32, 40 and 48 px high, the network button with its icon and name', async () => {
    const page = await openPage()
    for (const [row, height] of [
      ['sm', 32],
      ['md', 40],
      ['lg', 48],
    ] as const) {
      for (const state of ['disconnected', 'connecting', 'connected', 'network'])
        expect((await box(button(page, row, state))).height, `${row} ${state}`).toBe(height)
    }
    const network = button(page, 'md', 'network')
    expect(await network.getAttribute('aria-label')).toBe('Network: Ethereum. Switch network')
    expect(await network.locator('svg.airlock-icon').count()).toBe(1)
    expect(await network.locator('.airlock-network-name').textContent()).toBe('Ethereum')
    await page.close()
  })

  it('compact: icon or avatar alone, square, each named for screen readers', async () => {
    const page = await openPage()
    const compact = page.locator('[data-row="compact"] button')
    expect(await compact.count()).toBe(5)
    const names = []
    for (const element of await compact.all()) {
      // No text on screen: what is not aria-hidden says nothing.
      expect(
        await element.evaluate((e) =>
          [...e.childNodes]
            .filter((n) => !(n instanceof Element && n.closest('[aria-hidden="true"]')))
            .map((n) => n.textContent)
            .join(''),
        ),
      ).toBe('')
      const b = await box(element)
      expect(b.width).toBe(b.height)
      names.push(await element.getAttribute('aria-label'))
    }
    expect(names).toEqual([
      'Connect wallet',
      'Connecting…',
      'Account 0xf39F…2266, balance 10,000.00 ETH',
      'Network: Ethereum. Switch network',
      'Network: Anvil. Switch network',
    ])
    expect(await page.getByRole('button', { name: 'Connect wallet', exact: true }).count()).toBe(4)
    await page.close()
  })

  it('keyboard: Tab reaches the first button with a visible focus ring in the accent colour; Enter opens the modal', async () => {
    const page = await openPage()
    await page.keyboard.press('Tab')
    const first = button(page, 'sm', 'disconnected')
    expect(await first.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await css(first, 'outline-style')).toBe('solid')
    expect(await css(first, 'outline-width')).toBe('2px')
    expect(await css(first, 'outline-color')).toBe('rgb(52, 81, 209)')
    await page.screenshot({ path: 'test-results/buttons-focus.png', clip: { x: 0, y: 0, width: 1200, height: 120 } })
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Connect wallet' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.close()
  })

  it("follows the instance's theme: dark mode, and the site's variables changed at run time", async () => {
    const page = await openPage('dark')
    const idle = button(page, 'md', 'disconnected')
    const account = button(page, 'md', 'connected')
    expect(await idle.getAttribute('data-theme')).toBe('dark')
    expect(await css(idle, 'background-color')).toBe('rgb(143, 163, 255)')
    expect(await css(account, 'background-color')).toBe('rgb(23, 24, 28)')
    expect(await css(account, 'color')).toBe('rgb(244, 245, 247)')
    await page.screenshot({ path: 'test-results/buttons-desktop-dark.png' })
    await page.evaluate(() => window.buttons.idle.setThemeVariables({ '--al-accent': '#ff0066', '--al-border-radius-master': '2px' }))
    await page.waitForFunction(() => document.querySelector('[data-row="md"] [data-state="disconnected"] button')?.getAttribute('style')?.includes('#ff0066'))
    expect(await css(idle, 'background-color')).toBe('rgb(255, 0, 102)')
    expect(await css(idle, 'border-top-left-radius')).toBe('6px')
    // Another instance's buttons keep their own theme.
    expect(await css(button(page, 'md', 'connecting'), 'background-color')).toBe('rgb(143, 163, 255)')
    // Back to the mode's own values: the element carries none of its own any more (the sheet's apply).
    await page.evaluate(() => window.buttons.idle.setThemeVariables({ '--al-accent': '#8fa3ff', '--al-border-radius-master': '4px' }))
    await page.waitForFunction(() => !document.querySelector('[data-row="md"] [data-state="disconnected"] button')?.getAttribute('style'))
    expect(await css(idle, 'background-color')).toBe('rgb(143, 163, 255)')
    expect(await css(idle, 'border-top-left-radius')).toBe('12px')
    await page.close()
  })

  it('on a phone-sized screen: the balance and the network name are hidden, the labels still say them', async () => {
    const page = await openPage('light', 390)
    const account = button(page, 'md', 'connected')
    expect(await account.locator('.airlock-balance').isVisible()).toBe(false)
    expect(await account.locator('.airlock-address').isVisible()).toBe(true)
    expect(await account.getAttribute('aria-label')).toContain('10,000.00 ETH')
    expect(await button(page, 'md', 'network').locator('.airlock-network-name').isVisible()).toBe(false)
    await page.screenshot({ path: 'test-results/buttons-phone-light.png', fullPage: true })
    await page.close()
  })

  it('had no script error and no CSP violation', () => {
    expect(problems).toEqual([])
  })
})
