/**
 * Issue 28 §4 in Chromium: the site's legal links under Connect, SPEC §9's legal checkbox (the ways
 * to connect inert until it is ticked, then a wallet connects), and the wallet guide ("New to
 * wallets?" → the catalog's wallets with their store pages, or their sites, each a new tab without
 * opener or referrer → back). axe-core finds no serious or critical
 * violation on Connect with the links, with the checkbox, or on the guide. Screenshots are kept in
 * test-results/ (consent-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { serveTestPage, type ServedTestPage } from '../support/testPage'
import { launchLoopbackChromium } from '../support/loopbackChromium'
import { axeViolations } from './axe'
import { recordProblems } from '../support/pageProblems'
import { idleMs } from '../support/until'
import { startAnvil, type Anvil } from '../../services/chain/anvil.mjs'

let site: ServedTestPage
let anvil: Anvil
let browser: BrowserContext
const problems: string[] = []

beforeAll(async () => {
  // Ethereum (chain id 1) on a local anvil: a connected page reads its balance there, under the site's CSP.
  anvil = await startAnvil({ chainId: 1 })
  site = await serveTestPage({
    entry: 'tests/e2e/consentPage.ts',
    title: 'Consent',
    body: '<main><h1>Shop</h1></main>',
    files: {
      'terms.html': '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Terms</title></head><body><h1>Terms</h1></body></html>',
    },
    server: { connect: [anvil.url], json: { '/env.json': { rpcUrl: anvil.url } } },
  })
  browser = await launchLoopbackChromium()
  mkdirSync('test-results', { recursive: true })
}, idleMs(120_000))

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await anvil?.stop()
})

async function openConnect(query = ''): Promise<Page> {
  const page = await browser.newPage()
  recordProblems(page, problems)
  await page.goto(`${site.url}${query}`)
  await page.waitForFunction(() => document.body.dataset.ready === 'true')
  await page.evaluate(() => window.airlock.open())
  await page.getByRole('dialog', { name: 'Connect wallet' }).waitFor()
  return page
}

const dialog = (page: Page) => page.getByRole('dialog')

describe('legal links under Connect (issue 28 §4)', () => {
  it('names the terms and the privacy policy, each a link to the site’s page in a new tab without opener or referrer; the wallets stay usable', async () => {
    const page = await openConnect()
    const terms = dialog(page).getByRole('link', { name: 'Terms of service (opens in a new tab)' })
    const privacy = dialog(page).getByRole('link', { name: 'Privacy policy (opens in a new tab)' })
    await terms.waitFor()
    expect(await terms.getAttribute('href')).toBe(`${site.url.replace(/\/$/, '')}/terms.html`)
    expect(await privacy.getAttribute('href')).toBe('https://shop.example/privacy')
    for (const link of [terms, privacy]) {
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
    }
    expect(await dialog(page).locator('p.legal').textContent()).toBe('By connecting a wallet you agree to the Terms of service and the Privacy policy.')
    expect(await dialog(page).getByRole('checkbox').count()).toBe(0)
    expect(await dialog(page).getByRole('button', { name: 'Test Wallet' }).isEnabled()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: 'test-results/consent-links.png' })
    // The terms link opens the site's page in a new tab; the modal stays as it was.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), terms.click()])
    await tab.waitForLoadState()
    expect(new URL(tab.url()).pathname).toBe('/terms.html')
    expect(await tab.evaluate(() => window.opener)).toBeNull()
    await tab.close()
    expect(await page.evaluate(() => window.airlock.getState().router.open)).toBe(true)
    await page.close()
  })
})

describe('the legal part drawn while its chunk loads', () => {
  it('the ways to connect stay mounted when the legal chunk arrives: the wallet keeps its element and the focus, and the plain names become links', async () => {
    const page = await browser.newPage()
    recordProblems(page, problems)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let asked = false
    await page.route('**/ConnectLegal-*.js', async (route) => {
      asked = true
      await held
      await route.continue()
    })
    await page.goto(site.url)
    await page.waitForFunction(() => document.body.dataset.ready === 'true')
    await page.evaluate(() => window.airlock.open())
    const wallet = page.locator('airlock-modal').locator('button.item', { hasText: 'Test Wallet' })
    await wallet.waitFor()
    await expect.poll(() => asked, { timeout: idleMs(10_000) }).toBe(true)
    // The chunk is held: the sentence is there already, its names plain text.
    expect(await dialog(page).locator('p.legal').textContent()).toBe('By connecting a wallet you agree to the Terms of service and the Privacy policy.')
    expect(await dialog(page).getByRole('link').count()).toBe(0)
    await wallet.evaluate((el) => {
      ;(el as HTMLElement).focus()
      el.setAttribute('data-kept', 'yes')
    })
    release()
    await dialog(page).getByRole('link', { name: 'Terms of service (opens in a new tab)' }).waitFor()
    // The same element (not drawn anew: what a visitor typed or focused stays), still focused.
    expect(await wallet.evaluate((el) => [el.getAttribute('data-kept'), (el.getRootNode() as ShadowRoot).activeElement === el])).toEqual(['yes', true])
    await page.close()
  })
})

describe('the legal checkbox (SPEC §9, off by default)', () => {
  it('keeps every way to connect inert until it is ticked, says why, then a wallet connects', async () => {
    const page = await openConnect('?legal=checkbox')
    const checkbox = dialog(page).getByRole('checkbox', { name: /^I agree to the Terms of service .*and the Privacy policy/ })
    await checkbox.waitFor()
    expect(await checkbox.isChecked()).toBe(false)
    // Inert: not clickable, not focusable (and so out of the accessibility tree).
    const wallet = page.locator('airlock-modal').locator('button.item', { hasText: 'Test Wallet' })
    expect(await wallet.count()).toBe(1)
    expect(await wallet.evaluate((el) => el.closest('[inert]') !== null)).toBe(true)
    expect(await wallet.evaluate((el) => (el.focus(), (el.getRootNode() as ShadowRoot).activeElement === el))).toBe(false)
    await wallet.click({ force: true, timeout: 2_000 }).catch(() => undefined)
    expect(await page.evaluate(() => window.airlock.getState().router.history.at(-1)?.view)).toBe('Connect')
    expect(await page.evaluate(() => window.airlock.getState().account.accounts.eip155.address)).toBeNull()
    // The checkbox is described by the reason the wallets wait.
    const describedBy = await checkbox.getAttribute('aria-describedby')
    expect(describedBy).toBeTruthy()
    expect(await page.locator('airlock-modal').locator(`[id="${describedBy}"]`).textContent()).toBe('Tick the box to choose a wallet.')
    // Tab goes around the dialog without landing in the inert list.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.querySelector('airlock-modal')?.shadowRoot?.activeElement?.closest('[inert]') ?? null)).toBeNull()
    }
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: 'test-results/consent-checkbox.png' })

    // Ticked by keyboard: the wallets come alive and one connects.
    await checkbox.focus()
    await page.keyboard.press('Space')
    expect(await checkbox.isChecked()).toBe(true)
    await dialog(page).getByRole('button', { name: 'Test Wallet' }).click()
    await page.waitForFunction(() => window.airlock.getState().account.accounts.eip155.address !== null, null, { timeout: idleMs(20_000) })
    expect(await page.evaluate(() => window.airlock.getState().account.accounts.eip155.address)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    // Its balance is read from the network's RPC, this test's anvil (an account of 10,000 ETH),
    // within the site's CSP: read before the page closes, so no request is left in flight.
    await page.waitForFunction(() => window.airlock.getState().account.accounts.eip155.balance !== null, null, { timeout: idleMs(20_000) })
    expect(await page.evaluate(() => window.airlock.getState().account.accounts.eip155.balanceSymbol)).toBe('ETH')
    expect(Number(await page.evaluate(() => window.airlock.getState().account.accounts.eip155.balance))).toBe(10_000)
    // The pages after this one share its storage: they start disconnected, on Connect.
    await page.evaluate(() => window.airlock.disconnect())
    await page.waitForFunction(() => window.airlock.getState().account.accounts.eip155.address === null)
    await page.close()
  })

  it('remembers the tick for the page’s life: All wallets and back, and a closed and reopened modal', async () => {
    const page = await openConnect('?legal=checkbox')
    const checkbox = dialog(page).getByRole('checkbox')
    await checkbox.check()
    await dialog(page).getByRole('button', { name: 'All wallets' }).click()
    await page.getByRole('heading', { name: 'All wallets' }).waitFor()
    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await page.getByRole('heading', { name: 'Connect wallet' }).waitFor()
    expect(await dialog(page).getByRole('checkbox').isChecked()).toBe(true)
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    await page.evaluate(() => window.airlock.open())
    expect(await dialog(page).getByRole('checkbox').isChecked()).toBe(true)
    expect(await dialog(page).getByRole('button', { name: 'Test Wallet' }).count()).toBe(1)
    await page.close()
  })
})

describe('the wallet guide (issue 28 §4)', () => {
  it('"New to wallets?" leads to the catalog’s wallets, each with its store pages (or its site) in a new tab, and back leads to Connect', async () => {
    const page = await openConnect()
    await dialog(page).getByText('New to wallets?').waitFor()
    await dialog(page).getByRole('button', { name: 'Get a wallet' }).click()
    await page.getByRole('heading', { name: 'Get a wallet' }).waitFor()
    const list = dialog(page).getByRole('list', { name: 'Get a wallet' })
    // The bundled catalog's store pages (this site has no config API), each store by its name.
    const chrome = list.getByRole('link', { name: 'MetaMask Chrome Web Store (opens in a new tab)' })
    await chrome.waitFor()
    expect(await chrome.getAttribute('href')).toBe('https://chrome.google.com/webstore/detail/metamask/nkbihfbeogaeaoehlefnkodbefgpgknn')
    const metaMaskStores = list.getByRole('listitem').filter({ hasText: 'MetaMask' }).getByRole('link')
    expect(await metaMaskStores.allTextContents()).toEqual(
      ['Chrome Web Store', 'Firefox Add-ons', 'Edge Add-ons', 'App Store', 'Google Play'].map((store) => `MetaMask ${store}(opens in a new tab)`),
    )
    expect(await list.getByRole('link', { name: 'MetaMask Google Play (opens in a new tab)' }).getAttribute('href')).toBe(
      'https://play.google.com/store/apps/details?id=io.metamask',
    )
    // A wallet without store pages (if the loaded page holds one) keeps its official site, named by its host.
    const sites = list.locator('a.item')
    for (const site of await sites.all()) {
      const href = (await site.getAttribute('href')) ?? ''
      expect(await site.textContent()).toContain(new URL(href).host)
      expect(await site.locator('.tag').count()).toBe(1)
    }
    const links = list.getByRole('link')
    for (const link of await links.all()) {
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
    }
    const hrefs = await links.evaluateAll((all) => all.map((a) => (a as HTMLAnchorElement).href))
    expect(hrefs.length).toBeGreaterThanOrEqual(10)
    for (const href of hrefs) expect(new URL(href).protocol).toBe('https:')
    expect(new Set(hrefs).size).toBe(hrefs.length)
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: 'test-results/consent-guide.png' })
    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await page.getByRole('heading', { name: 'Connect wallet' }).waitFor()
    expect(await page.evaluate(() => window.airlock.getState().router.history.map((r) => r.view))).toEqual(['Connect'])
    await page.close()
  })

  it('the page saw no error', () => {
    expect(problems).toEqual([])
  })
})
