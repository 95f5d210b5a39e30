/**
 * The demo page (`npm start`) as a sample dApp, in real Chromium under its strict CSP, on the demo
 * stack (two anvil chains; EVM only, `?namespaces=eip155`; no config API, `?config=none`, so the
 * panel's switches are the only features): the instance starts as `window.airlock`; the modal opens and closes with the public
 * events in the live stream; the header's <ConnectButton/> connects the Demo Wallet; the dApp signs
 * a message (verified here too), sends a transaction (its receipt read here from the chain) and
 * switches network through viem over `airlock.getProvider('eip155')`, and the modal and buttons
 * follow; the panel's switches change the modal at once (Swaps loads its chunk only when switched
 * on; Send leaves Account), its theme mode repaints page and modal, its start options apply by a
 * reload that keeps the connection; the snippet follows every choice and copies; `?app=none` is the
 * page without the dApp; the wagmi page (demo/wagmi.html) does the same through wagmi's hooks and
 * `airlock/wagmi`; the site's terms and privacy pages under Connect, `?legal=checkbox` holding the
 * wallets until the visitor ticks. Screenshots light, dark and phone in test-results/; axe finds no serious
 * violation on the page; no script error, no CSP violation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { launchChromium } from './browser'
import { axeViolations } from './axe'
import { idleMs } from '../support/until'

/** Anvil's first development account (the Demo Wallet's) and the dApp's default receiver. */
const DEV_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let stack: Awaited<ReturnType<typeof startDemoStack>>
let browser: BrowserContext
let page: Page
const problems: string[] = []
const chunks: string[] = []

const dialog = () => page.getByRole('dialog')
const snippet = () => page.locator('#snippet').textContent()
const eventTypes = async () => (await page.locator('#events li .event-type').allTextContents()).reverse()

beforeAll(async () => {
  await ensureBuilt()
  // The Blockchain API too: Swaps and Buy are offered only with one (SPEC §7; issue 26 §5).
  stack = await startDemoStack({ embedded: false })
  // The browser a visitor runs: the demo's whole journey and its screenshots in Debian's full
  // Chromium (the other files run in its headless shell: tests/e2e/browser.ts).
  browser = await launchChromium({}, [], { fullBrowser: true })
  await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url })
  page = await browser.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('request', (request) => {
    if (request.url().includes('/chunks/')) chunks.push(request.url())
  })
  // Every request leaves for loopback only.
  await page.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  // The EVM side only (the dApp's); swaps start off, so switching them on can be seen.
  await page.goto(`${stack.url}?namespaces=eip155&config=none&swaps=0`)
  mkdirSync('test-results', { recursive: true })
}, idleMs(180_000))

afterAll(async () => {
  await browser?.close()
  await stack?.stop()
}, idleMs(60_000))

describe('the demo page', () => {
  it('starts an instance under a strict CSP and exposes it as window.airlock', async () => {
    await page.getByText('Airlock is running').waitFor()
    expect(await page.evaluate(() => typeof window.airlock.open)).toBe('function')
    expect(await page.evaluate(() => window.airlock.getState().networks.activeCaipNetworkId)).toBe('eip155:31337')
  })

  it('links its terms and privacy pages under Connect; with ?legal=checkbox the wallets wait for the tick (issue 28 §4)', async () => {
    // A page of its own, before the Demo Wallet connects (the pages share storage).
    const legal = await browser.newPage()
    legal.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    await legal.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
    await legal.goto(`${stack.url}?namespaces=eip155&config=none&legal=checkbox`)
    await legal.waitForFunction(() => typeof window.airlock?.open === 'function')
    await legal.evaluate(() => window.airlock.open())
    const modal = legal.getByRole('dialog')
    const terms = modal.getByRole('link', { name: 'Terms of service (opens in a new tab)' })
    await terms.waitFor()
    expect(await terms.getAttribute('href')).toBe(new URL('terms.html', stack.url).href)
    expect(await modal.getByRole('link', { name: 'Privacy policy (opens in a new tab)' }).getAttribute('href')).toBe(new URL('privacy.html', stack.url).href)
    const checkbox = modal.getByRole('checkbox', { name: /^I agree to the Terms of service/ })
    expect(await checkbox.isChecked()).toBe(false)
    expect(await modal.locator('[inert]').count()).toBe(1)
    await checkbox.check()
    expect(await modal.locator('[inert]').count()).toBe(0)
    for (const [path, heading] of [
      ['terms.html', 'Terms of service'],
      ['privacy.html', 'Privacy policy'],
    ] as const) {
      const response = await legal.request.get(new URL(path, stack.url).href)
      expect(response.status(), path).toBe(200)
      expect(await response.text()).toContain(`<h1>${heading}</h1>`)
    }
    await legal.close()
  })

  it('opens and closes the modal from the plain button, and the live stream shows the public events', async () => {
    await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
    await page.getByText('Modal open').waitFor()
    await dialog().getByRole('button', { name: 'Close' }).click()
    await page.getByText('Modal closed').waitFor()
    const events = await page.locator('#events li').allTextContents()
    expect(events.some((text) => text.startsWith('MODAL_OPEN'))).toBe(true)
    expect(events.some((text) => text.startsWith('MODAL_CLOSE'))).toBe(true)
  })

  it('connects the Demo Wallet from the header’s ConnectButton', async () => {
    await page.getByRole('group', { name: 'Wallet', exact: true }).getByRole('button', { name: 'Connect', exact: true }).click()
    await dialog().getByRole('button', { name: 'Demo Wallet' }).click()
    await page.locator('#account').getByText(`Connected: ${DEV_ADDRESS}`).waitFor()
    await page.waitForFunction(() => !window.airlock.getState().router.open)
    // The ConnectButton is the account button now; the NetworkButton names the network.
    await page.getByRole('button', { name: /^Network: Airlock Local A/ }).waitFor()
    expect(await eventTypes()).toContain('CONNECT_SUCCESS')
  })

  it('signs a message through viem over getProvider, and the signature verifies', async () => {
    const message = 'Sign me, Airlock demo'
    await page.getByLabel('Message', { exact: true }).fill(message)
    await page.getByRole('button', { name: 'Sign', exact: true }).click()
    await page
      .locator('#sign-outcome')
      .getByText(`Signature verified: signed by ${DEV_ADDRESS}.`)
      .waitFor({ timeout: idleMs(30_000) })
    const signature = (await page.locator('#sign-outcome code').textContent()) as Hex
    expect(await verifyMessage({ address: DEV_ADDRESS, message, signature })).toBe(true)
  })

  it('sends a transaction and shows its receipt', async () => {
    // The Send card's own fields: the Pay card has an amount field of the same name.
    const send = page.getByRole('region', { name: 'Send a transaction' })
    await send.getByLabel('Amount (ETH)').fill('0.25')
    await send.getByRole('button', { name: 'Send', exact: true }).click()
    await page
      .locator('#send-outcome')
      .getByText(/^Confirmed in block \d+\.$/)
      .waitFor({ timeout: idleMs(30_000) })
    const hash = (await page.locator('#send-outcome code').textContent()) as Hex
    const chain = createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
    const [receipt, transaction] = await Promise.all([chain.getTransactionReceipt({ hash }), chain.getTransaction({ hash })])
    expect(receipt.status).toBe('success')
    expect(transaction.to?.toLowerCase()).toBe(RECEIVER.toLowerCase())
    expect(transaction.value).toBe(parseEther('0.25'))
  })

  it('switches network through the wallet (adding the chain on 4902); the modal and the NetworkButton follow', async () => {
    await page.getByRole('button', { name: 'Switch to Airlock Local B' }).click()
    await page
      .locator('#switch-outcome')
      .getByText('Switched to Airlock Local B.')
      .waitFor({ timeout: idleMs(30_000) })
    await page.locator('#account').getByText('(eip155:1337)').waitFor()
    await page.getByRole('button', { name: /^Network: Airlock Local B/ }).waitFor()
    expect(await eventTypes()).toContain('SWITCH_NETWORK')
  })

  it('switches features in the panel at once: Swaps loads its chunk, Send leaves Account; the snippet follows', async () => {
    expect(await page.evaluate(() => window.airlock.loadedPlugins())).not.toContain('swap')
    const before = chunks.length
    await page.getByRole('switch', { name: 'Swaps', exact: true }).check()
    await page.waitForFunction(() => window.airlock.loadedPlugins().includes('swap'))
    expect(chunks.length).toBeGreaterThan(before)
    await page.getByText(/plugins loaded: .*swap/).waitFor()

    // The modal covers the page while open: switch, then open it and look.
    const account = async () => {
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog().getByRole('button', { name: 'Receive', exact: true }).waitFor()
      const send = await dialog().getByRole('button', { name: 'Send', exact: true }).count()
      await page.keyboard.press('Escape')
      await page.getByText('Modal closed').waitFor()
      return send
    }
    expect(await account()).toBe(1)
    await page.getByRole('switch', { name: 'Send', exact: true }).uncheck()
    expect(await snippet()).toContain('features: { send: false }')
    expect(await snippet()).toContain('airlock.setFeatures({ send: false })')
    expect(await account()).toBe(0)
    await page.getByRole('switch', { name: 'Send', exact: true }).check()
    expect(await snippet()).not.toContain('send: false')
    expect(await account()).toBe(1)
  })

  it('looks finished in light, dark and on a phone, with no serious accessibility violation', async () => {
    await page.screenshot({ path: 'test-results/demo-light.png', fullPage: true })
    expect(await axeViolations(page, [['main'], ['.brand']])).toEqual([])

    await page.getByRole('radio', { name: 'Dark' }).check()
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark')
    expect(await page.evaluate(() => window.airlock.getState().options.resolved?.themeMode)).toBe('dark')
    expect(await snippet()).toContain("themeMode: 'dark'")
    await page.screenshot({ path: 'test-results/demo-dark.png', fullPage: true })
    expect(await axeViolations(page, [['main'], ['.brand']])).toEqual([])

    await page.setViewportSize({ width: 390, height: 844 })
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({ path: 'test-results/demo-phone.png', fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  it('copies the snippet, and applies the start options by a reload that keeps the choices and the connection', async () => {
    await page.getByRole('button', { name: 'Move Email up' }).click()
    expect(await snippet()).toContain("connectMethodsOrder: ['email', 'wallet', 'social']")
    await page.getByRole('button', { name: 'Copy code' }).click()
    await page.getByText('Copied.').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet())

    await page.getByRole('button', { name: 'Reload with these options' }).click()
    await page.waitForURL(/connectMethodsOrder=email%2Cwallet%2Csocial/)
    await page.getByText('Airlock is running').waitFor()
    expect(await page.evaluate(() => window.airlock.getState().options.resolved?.connectMethodsOrder)).toEqual(['email', 'wallet', 'social'])
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await page.locator('#account').getByText(`Connected: ${DEV_ADDRESS}`).waitFor()
  })

  it('leaves the dApp out with ?app=none (the page the benches measure)', async () => {
    const bare = await browser.newPage()
    await bare.goto(`${stack.url}?app=none&config=none`)
    await bare.getByText('Airlock is running').waitFor()
    expect(await bare.locator('#options').innerHTML()).toBe('')
    expect(await bare.locator('#wallet-buttons').innerHTML()).toBe('')
    // The state for developers is printed once its details are opened.
    expect(await bare.locator('#state').textContent()).toBe('')
    await bare.getByText('State (for developers)').click()
    // The details' toggle event fills it after the click returns.
    await bare.waitForFunction(() => (document.querySelector('#state')?.textContent ?? '') !== '')
    expect(JSON.parse((await bare.locator('#state').textContent()) ?? '')).toHaveProperty('connection.status')
    await bare.close()
  })

  it('runs the same dApp on wagmi (airlock/wagmi): restores, disconnects and connects through the modal, signs, sends and switches; Airlock follows', async () => {
    const wagmi = await browser.newPage()
    wagmi.on('pageerror', (error) => problems.push(`wagmi pageerror: ${error.message}`))
    wagmi.on('console', (message) => {
      if (message.type() === 'error') problems.push(`wagmi console: ${message.text()}`)
    })
    await wagmi.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
    await wagmi.goto(`${stack.url}wagmi.html?namespaces=eip155&config=none`)
    await wagmi.getByText('Airlock is running').waitFor()
    const account = wagmi.locator('#wagmi-account')
    // The same browser: Airlock restores the main page's connection, and wagmi reconnects to it.
    await account.getByText(`Connected: ${DEV_ADDRESS}`).waitFor()
    await wagmi.getByRole('button', { name: 'Disconnect with wagmi' }).click()
    await account.getByText('Not connected').waitFor()
    await wagmi.waitForFunction(() => !window.airlock.getState().connection.connectedNamespaces.includes('eip155'))
    // wagmi's connect opens Airlock's modal.
    await wagmi.getByRole('button', { name: 'Connect with wagmi' }).click()
    await wagmi.getByRole('dialog').getByRole('button', { name: 'Demo Wallet' }).click()
    await account.getByText(`Connected: ${DEV_ADDRESS}`).waitFor()

    await wagmi.getByRole('button', { name: 'Sign', exact: true }).click()
    await wagmi
      .locator('#sign-outcome')
      .getByText(`Signature verified: signed by ${DEV_ADDRESS}.`)
      .waitFor({ timeout: idleMs(30_000) })
    const signature = (await wagmi.locator('#sign-outcome code').textContent()) as Hex
    expect(await verifyMessage({ address: DEV_ADDRESS, message: 'Hello from the Airlock demo', signature })).toBe(true)

    await wagmi.getByRole('button', { name: 'Send', exact: true }).click()
    await wagmi
      .locator('#send-outcome')
      .getByText(/^Confirmed in block \d+\.$/)
      .waitFor({ timeout: idleMs(30_000) })
    const hash = (await wagmi.locator('#send-outcome code').textContent()) as Hex
    const active = await wagmi.evaluate(() => window.airlock.getState().networks.activeCaipNetworkId)
    const chain = stack.chains.find((c) => `eip155:${c.chainId}` === active)!
    expect((await createPublicClient({ transport: http(chain.rpcUrl) }).getTransactionReceipt({ hash })).status).toBe('success')

    // wagmi's switchChain moves Airlock's network: its NetworkButton follows.
    const other = stack.chains.find((c) => c !== chain)!
    await wagmi.getByRole('button', { name: `Switch to ${other.name}` }).click()
    await wagmi
      .locator('#switch-outcome')
      .getByText(`Switched to ${other.name}.`)
      .waitFor({ timeout: idleMs(30_000) })
    await wagmi.getByRole('button', { name: new RegExp(`^Network: ${other.name}`) }).waitFor()
    expect(await wagmi.evaluate(() => window.airlock.getState().networks.activeCaipNetworkId)).toBe(`eip155:${other.chainId}`)
    await account.getByText(`(chain ${other.chainId})`).waitFor()
    await wagmi.screenshot({ path: 'test-results/demo-wagmi.png', fullPage: true })
    await wagmi.close()
  })

  it('had no script error and no CSP violation', () => {
    expect(problems).toEqual([])
  })
})
