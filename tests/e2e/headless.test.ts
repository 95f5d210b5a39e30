/**
 * The headless API (issue 28 §3) in real Chromium, under the static server's strict CSP, through
 * the example page built only from it (examples/headless: `useWallets`, `useWalletConnectUri`,
 * `useConnectMethods`, `ConnectButton.Custom`; the instance with `disableAppend`, so no modal).
 * The page lists Connect's entries in Connect's order with their icons and flags, connects the
 * announced Demo Wallet from its own button, then pairs a wallet in this Node process (the real
 * sign-client, through the local relay) from its own QR code. The modal's code is never fetched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import jsQR from 'jsqr'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { HeadlessWallet, PublicEvent } from '../../src/react'
import { startDemoStack } from '../../services/demoStack.mjs'
import { DEV_ACCOUNT } from '../../services/chain/anvil.mjs'
import { startRelayWallet, type RelayWallet } from '../support/relayWallet'
import { launchLoopbackChromium } from '../support/loopbackChromium'
import { recordProblems } from '../support/pageProblems'
import { buildTestPage, type BuiltTestPage } from '../support/testPage'
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

/** The site's QR code, rasterised module by module from its <rect>s and read with jsQR. */
async function readQrCode(page: Page): Promise<string | undefined> {
  const svg = page.getByRole('img', { name: 'Pairing QR code' })
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
