/**
 * The headless API (issue 28 §3) in real Chromium, under the static server's strict CSP, through
 * the example page built only from it (examples/headless: `useWallets`, `useWalletConnectUri`,
 * `useConnectMethods`, `ConnectButtonCustom`; the instance with `disableAppend`, so no modal).
 * The page lists Connect's entries in Connect's order with their icons and flags, connects the
 * announced Demo Wallet from its own button, then pairs a wallet in this Node process (the real
 * sign-client, through the local relay) from its own QR code. The modal's code is never fetched.
 * Email and social sign-in from the page's own forms (`useEmailSignIn`, `useSocialSignIn`; each in a
 * browser of its own): email with the code the auth service mailed to the SMTP sink, a wrong code's
 * error shown by the page, a social provider through the local OpenID provider's popup, and
 * Farcaster from the page's own QR code; each ends connected with the secure frame's address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import jsQR from 'jsqr'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { HeadlessWallet, PublicEvent } from '../../src/react'
import { startDemoStack } from '../../services/demoStack.mjs'
import { DEV_ACCOUNT } from '../../services/chain/anvil.mjs'
import { startRelayWallet, type RelayWallet } from '../support/relayWallet'
import { launchLoopbackChromium } from '../support/loopbackChromium'
import { recordProblems } from '../support/pageProblems'
import { buildTestPage, type BuiltTestPage } from '../support/testPage'
import { registerFarcasterUser, signInWithFarcaster } from '../../services/auth/farcaster.mjs'
import { axeViolations } from './axe'
import { idleMs } from '../support/until'

/** anvil's third development key: a different address from the Demo Wallet's. */
const PHONE_KEY: Hex = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'
const PHONE_ADDRESS = privateKeyToAccount(PHONE_KEY).address
/** A name only the modal's chunk declares (src/ui/mount.tsx): a script holding it is the modal's code. */
const MODAL_MARK = 'function mountModal('

let built: BuiltTestPage | undefined
let stack: Awaited<ReturnType<typeof startDemoStack>> | undefined
let context: BrowserContext | undefined
let phone: RelayWallet | undefined
const problems: string[] = []

beforeAll(async () => {
  // The example as a site bundles it (its own index.html and style.css loading main.js); `airlock`
  // and `airlock/react` are this repository's sources.
  const entries: Record<string, string> = { airlock: resolve('src/index.ts'), 'airlock/react': resolve('src/react.ts') }
  const example = (file: string) => readFileSync(join('examples/headless', file), 'utf8')
  built = await buildTestPage({
    entry: 'tests/e2e/headlessPage.ts',
    name: 'main',
    title: 'Airlock, headless',
    files: { 'index.html': example('index.html'), 'style.css': example('style.css') },
    build: { plugins: [{ name: 'airlock', setup: (build) => build.onResolve({ filter: /^airlock(\/react)?$/ }, (args) => ({ path: entries[args.path]! })) }] },
  })
  stack = await startDemoStack({ root: built.root, accountServices: false })
  context = await launchLoopbackChromium()
  const [a] = stack.chains
  phone = await startRelayWallet({
    relayUrl: stack.relayUrl,
    privateKey: PHONE_KEY,
    name: 'Node Phone Wallet',
    rpcUrls: { [`eip155:${a!.chainId}`]: a!.rpcUrl },
  })
}, idleMs(180_000))

afterAll(async () => {
  await phone?.close()
  await context?.close()
  await stack?.stop()
  built?.remove()
})

declare global {
  interface Window {
    seen: PublicEvent[]
    /** The latest list the instance's watchWallets gave. */
    wallets: readonly HeadlessWallet[]
  }
}

/** The page's wallet buttons' names, in order. */
const listed = (page: Page) => page.getByRole('list', { name: 'Wallets' }).locator('button .name').allTextContents()

/** The site's QR code (the pairing's, or the one named `name`), rasterised module by module from its <rect>s and read with jsQR. */
async function readQrCode(page: Page, name = 'Pairing QR code'): Promise<string | undefined> {
  const svg = page.getByRole('img', { name })
  const size = Number(((await svg.getAttribute('viewBox')) ?? '').split(' ')[2])
  const cells = await svg.locator('g rect').evaluateAll((rects) => rects.map((r) => [Number(r.getAttribute('x')), Number(r.getAttribute('y'))]))
  const scale = 4
  const width = size * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const [x, y] of cells) {
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const i = ((y! * scale + dy) * width + x! * scale + dx) * 4
        pixels.fill(0, i, i + 3)
      }
  }
  return jsQR(pixels, width, width)?.data
}

describe('a connect UI of the site’s own, from the headless API (Chromium)', () => {
  it(
    "lists Connect's entries in Connect's order, connects the announced Demo Wallet, then pairs a relay wallet from the site's own QR code; the modal's code is never fetched",
    async () => {
      const page = await context!.newPage()
      recordProblems(page, problems)
      const scripts: string[] = []
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          void response.text().then(
            (text) => scripts.push(text),
            () => undefined,
          )
      })
      await page.goto(stack!.url)
      await page.waitForFunction(() => window.airlock !== undefined, null, { timeout: idleMs(30_000) })
      await page.evaluate(() => {
        window.seen = []
        window.airlock.subscribeEvents((event) => window.seen.push(event))
      })

      // The list: WalletConnect, then the installed Demo Wallet (flagged, with its data: icon), as
      // the instance's vanilla watchWallets gives it — the Connect view's own order.
      const demo = page.getByRole('button', { name: /Demo Wallet/ })
      await demo.waitFor({ timeout: idleMs(30_000) })
      await page.evaluate(() => {
        window.airlock.watchWallets((wallets) => (window.wallets = wallets))
      })
      await page.waitForFunction(() => window.airlock.getState().walletCatalog.listsLoaded && (window.wallets?.length ?? 0) > 0, null, {
        timeout: idleMs(30_000),
      })
      const vanilla = await page.evaluate(() => window.wallets)
      expect(vanilla.slice(0, 2).map((w) => [w.id, w.kind, w.installed])).toEqual([
        ['walletConnect', 'walletConnect', false],
        ['dev.airlock.demo-wallet', 'connector', true],
      ])
      // The catalog's wallets follow, as in Connect; the page shows the same list, in the same order.
      expect(vanilla.slice(2).every((w) => w.kind === 'catalog' && !w.installed)).toBe(true)
      await page.waitForFunction((count) => document.querySelectorAll('[aria-label="Wallets"] button').length === count, vanilla.length)
      expect(await listed(page)).toEqual(vanilla.map((w) => w.name))
      expect(await demo.textContent()).toContain('Installed')
      expect(await demo.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
      expect(await axeViolations(page, [['main']])).toEqual([])
      await page.screenshot({ path: 'test-results/headless-wallets.png' })

      // The Demo Wallet connects from the site's button: no modal, no dialog.
      await demo.click()
      await page
        .locator('#account')
        .getByText(`Connected: ${DEV_ACCOUNT.address}`)
        .waitFor({ timeout: idleMs(30_000) })
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(await page.evaluate(() => window.seen.filter((e) => e.type === 'CONNECT_SUCCESS').map((e) => e.payload))).toEqual([
        expect.objectContaining({ method: 'browser' }),
      ])
      await page.getByRole('button', { name: 'Disconnect' }).click()
      await page.locator('#account').getByText('Not connected').waitFor()

      // WalletConnect: the site shows its own QR code of the pairing URI; the wallet in this Node
      // process pairs with it.
      await page.getByRole('button', { name: 'WalletConnect' }).click()
      const link = page.getByLabel('Pairing link')
      await link.waitFor({ timeout: idleMs(30_000) })
      const uri = await link.inputValue()
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      expect(uri).toBe(await page.evaluate(() => window.airlock.getState().connection.wcUri))
      expect(await readQrCode(page)).toBe(uri)
      await page.screenshot({ path: 'test-results/headless-pairing.png' })
      await phone!.pair(uri)
      await page
        .locator('#account')
        .getByText(`Connected: ${PHONE_ADDRESS}`)
        .waitFor({ timeout: idleMs(30_000) })
      expect(await page.evaluate(() => window.seen.filter((e) => e.type === 'CONNECT_SUCCESS').map((e) => e.payload))).toEqual([
        expect.objectContaining({ method: 'browser' }),
        expect.objectContaining({ method: 'qrcode' }),
      ])

      // Nothing of the modal: no <airlock-modal>, and no script fetched carries its code.
      expect(await page.locator('airlock-modal').count()).toBe(0)
      expect(scripts.length).toBeGreaterThan(0)
      expect(scripts.filter((text) => text.includes(MODAL_MARK))).toEqual([])
      expect(problems).toEqual([])
      await page.close()
    },
    idleMs(180_000),
  )
})

/** The scripts `page` fetches, as text (to find the modal's code among them). */
function fetchedScripts(page: Page): string[] {
  const scripts: string[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      void response.text().then(
        (text) => scripts.push(text),
        () => undefined,
      )
  })
  return scripts
}

/** The browsers openExample started: closed after the tests, a failed one's too. */
const browsers: BrowserContext[] = []

/** The example in a browser of its own (no session of another test), its scripts and problems recorded. */
async function openExample(): Promise<{ page: Page; scripts: string[]; problems: string[]; close: () => Promise<void> }> {
  const browser = await launchLoopbackChromium()
  browsers.push(browser)
  const page = await browser.newPage()
  const problems: string[] = []
  recordProblems(page, problems)
  const scripts = fetchedScripts(page)
  await page.goto(stack!.url)
  await page.waitForFunction(() => window.airlock !== undefined, null, { timeout: idleMs(30_000) })
  return { page, scripts, problems, close: () => browser.close() }
}

/** The six-digit code the auth service mailed to `to` since `since` (the SMTP sink). */
async function mailedCode(to: string, since: number): Promise<string> {
  const mail = await stack!.embedded!.smtp.waitForMail({ to, since: since - 1, timeoutMs: idleMs(30_000) })
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1]
  expect(code, `a six-digit code in: ${mail.text}`).toBeDefined()
  return code!
}

/** Connected through the embedded wallet: the page's own account line shows the address the frame answers eth_accounts with. */
async function expectFrameAccount(page: Page): Promise<string> {
  await page.waitForFunction(() => window.airlock.getState().connectors.activeConnectorIds.eip155 === 'AUTH', null, { timeout: idleMs(30_000) })
  const [address] = (await page.evaluate(() => window.airlock.getProvider('eip155')!.request({ method: 'eth_accounts' }))) as string[]
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await page
    .locator('#account')
    .getByText(`Connected: ${address}`)
    .waitFor({ timeout: idleMs(30_000) })
  return address!
}

/** Nothing of the modal: no <airlock-modal>, no dialog, and no script fetched carries its code. */
async function expectNoModal(page: Page, scripts: readonly string[]): Promise<void> {
  expect(await page.locator('airlock-modal').count()).toBe(0)
  expect(await page.getByRole('dialog').count()).toBe(0)
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((text) => text.includes(MODAL_MARK))).toEqual([])
}

describe('email and social sign-in in the site’s own markup, from the headless API (Chromium)', () => {
  afterAll(async () => {
    for (const browser of browsers) await browser.close().catch(() => undefined)
  })

  it(
    "signs in with email from the page's own form (the code from the auth service's mail through the SMTP sink) and ends connected with the frame's address; no modal",
    async () => {
      const { page, scripts, problems, close } = await openExample()
      const form = page.getByRole('region', { name: 'Sign in with email' })
      const since = Date.now()
      await form.getByRole('textbox', { name: 'Email' }).fill('headless@example.com')
      await form.getByRole('button', { name: 'Send me a code' }).click()
      const code = await mailedCode('headless@example.com', since)
      await form.getByText('We emailed a code to headless@example.com.').waitFor({ timeout: idleMs(30_000) })
      await page.screenshot({ path: 'test-results/headless-email-code.png', fullPage: true })
      await form.getByRole('textbox', { name: 'Code' }).fill(code)
      await form.getByRole('button', { name: 'Sign in' }).click()
      await expectFrameAccount(page)
      // Signed in with email: the form gives way to the account; the instance says so too.
      expect(await form.count()).toBe(0)
      expect(await page.evaluate(() => new Promise((done) => window.airlock.watchEmailSignIn((signIn) => done([signIn.step, signIn.email]))))).toEqual([
        'done',
        'headless@example.com',
      ])
      await expectNoModal(page, scripts)
      expect(problems).toEqual([])
      await close()
    },
    idleMs(180_000),
  )

  it(
    'shows a wrong code’s error in the page’s own markup, as the modal would, and the right code then signs in',
    async () => {
      const { page, scripts, problems, close } = await openExample()
      const form = page.getByRole('region', { name: 'Sign in with email' })
      const since = Date.now()
      await form.getByRole('textbox', { name: 'Email' }).fill('wrong-code@example.com')
      await form.getByRole('button', { name: 'Send me a code' }).click()
      const code = await mailedCode('wrong-code@example.com', since)
      const wrong = code === '000000' ? '111111' : '000000'
      await form.getByRole('textbox', { name: 'Code' }).fill(wrong)
      await form.getByRole('button', { name: 'Sign in' }).click()
      // The auth service's answer, passed on by the secure frame: what the modal's code view shows.
      await form
        .getByRole('alert')
        .getByText('Invalid code', { exact: true })
        .waitFor({ timeout: idleMs(30_000) })
      expect(await page.evaluate(() => window.airlock.getState().email?.flow)).toEqual({ step: 'otp', email: 'wrong-code@example.com', error: 'Invalid code' })
      expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds.eip155)).not.toBe('AUTH')
      await page.screenshot({ path: 'test-results/headless-email-wrong-code.png', fullPage: true })
      await form.getByRole('textbox', { name: 'Code' }).fill(code)
      await form.getByRole('button', { name: 'Sign in' }).click()
      await expectFrameAccount(page)
      await expectNoModal(page, scripts)
      // Chromium logs the auth service's 400 for the wrong code (in the secure frame); nothing else.
      expect(problems).toEqual(['error: Failed to load resource: the server responded with a status of 400 (Bad Request)'])
      await close()
    },
    idleMs(180_000),
  )

  it(
    "signs in with a social account from the page's own button, through the local OpenID provider's popup; no modal",
    async () => {
      const { page, scripts, problems, close } = await openExample()
      const socials = page.getByRole('region', { name: 'Sign in with a social account' })
      // The providers the project's config API turns on (all seven), in SPEC §9's order, named by the plugin: as Connect lists them.
      await socials
        .getByRole('button')
        .first()
        .waitFor({ timeout: idleMs(30_000) })
      expect(await page.evaluate(() => window.airlock.getState().options.features.socials)).toEqual(
        expect.arrayContaining(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']),
      )
      expect(await socials.getByRole('button').allTextContents()).toEqual(['Google', 'X', 'Farcaster', 'Discord', 'Apple', 'GitHub', 'Facebook'])
      const popupOpened = page.context().waitForEvent('page')
      await socials.getByRole('button', { name: 'GitHub' }).click()
      const popup = await popupOpened
      await socials.getByText('Finish signing in with GitHub in the window that opened.').waitFor({ timeout: idleMs(30_000) })
      await popup.getByLabel('User name').fill('headless-visitor')
      await popup.getByRole('button', { name: 'Continue' }).click()
      await expectFrameAccount(page)
      await popup.waitForEvent('close', { timeout: idleMs(5_000) }).catch(() => undefined)
      expect(popup.isClosed()).toBe(true)
      expect(await page.evaluate(() => window.airlock.getState().account.accounts.eip155.connectedWalletInfo?.identifier)).toBe('headless-visitor')
      expect(page.url()).not.toContain('result_uri')
      await expectNoModal(page, scripts)
      expect(problems).toEqual([])
      await close()
    },
    idleMs(180_000),
  )

  it(
    "signs in with Farcaster from the page's own QR code of the link (the Farcaster app a test signer); no modal",
    async () => {
      const custody = generatePrivateKey()
      await registerFarcasterUser({ rpcUrl: stack!.chains[0]!.rpcUrl, fid: 4343, custody: privateKeyToAccount(custody).address })
      const { page, scripts, problems, close } = await openExample()
      const socials = page.getByRole('region', { name: 'Sign in with a social account' })
      await socials.getByRole('button', { name: 'Farcaster' }).click()
      await socials.getByRole('img', { name: 'Farcaster QR code' }).waitFor({ timeout: idleMs(30_000) })
      const url = await socials.getByRole('link', { name: 'open Farcaster' }).getAttribute('href')
      expect(url).toMatch(/^farcaster:\/\/connect\?/)
      // The page's own QR code carries the link the secure frame gave.
      expect(await readQrCode(page, 'Farcaster QR code')).toBe(url)
      await page.screenshot({ path: 'test-results/headless-farcaster.png', fullPage: true })
      await signInWithFarcaster({ relayUrl: `${stack!.embedded!.authUrl}/farcaster`, url: url!, fid: 4343, username: 'headless-fc', privateKey: custody })
      await expectFrameAccount(page)
      expect(await page.evaluate(() => window.airlock.getState().account.accounts.eip155.connectedWalletInfo?.identifier)).toBe('headless-fc')
      await expectNoModal(page, scripts)
      expect(problems).toEqual([])
      await close()
    },
    idleMs(180_000),
  )
})
