/**
 * Issue 25 §3: a plain-HTML page with no React of its own and no bundler — the example in
 * examples/html (one `<script type="module">`, `<airlock-button>` and `<airlock-network-button>`)
 * — served on 127.0.0.1 under the strict CSP every test page gets, with Airlock's standalone
 * build taken from the packed package (dist/standalone, React inside). The example's network list
 * is the one file replaced: it names the test's anvil. In Chromium: the buttons render, connect an
 * EIP-6963 wallet (wallet-mock) through the modal, the button shows the account, a reload restores it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEV_ACCOUNT, startAnvil, type Anvil } from '../../services/chain/anvil.mjs'
import { startStaticServer } from '../../services/static/server.mjs'
import { printed, root, run, stageAndPack } from '../package/stage'
import { installAnvilMockWallet } from '../support/anvilMockWallet'
import { launchLoopbackChromium } from '../support/loopbackChromium'
import { recordProblems } from '../support/pageProblems'
import { idleMs } from '../support/until'

let scratch = ''
let anvil: Anvil | undefined
let server: Awaited<ReturnType<typeof startStaticServer>> | undefined
let context: BrowserContext | undefined
const problems: string[] = []
/** Every script the page fetched (its own and the package's). */
const scripts: string[] = []

/** networks.js as the test writes it: anvil's chain, defined with the package's own defineChain. */
const networks = (rpcUrl: string, chainId: number) => `import { defineChain } from './airlock/airlock.js'

export const networks = [
  defineChain({
    id: ${chainId},
    name: 'Local chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [${JSON.stringify(rpcUrl)}] } },
    testnet: true,
  }),
]
`

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'airlock-html-'))
  const { tarball } = await stageAndPack(join(scratch, 'stage'))
  // The package as a site gets it: unpacked from the tarball, its standalone folder served as ./airlock/.
  const unpacked = join(scratch, 'unpacked')
  mkdirSync(unpacked)
  const untar = run('tar', ['-xzf', tarball, '-C', unpacked], scratch)
  if (untar.status !== 0) throw new Error(`tar failed:\n${printed(untar)}`)
  const www = join(scratch, 'www')
  cpSync(join(root, 'examples', 'html'), www, { recursive: true })
  cpSync(join(unpacked, 'package', 'dist', 'standalone'), join(www, 'airlock'), { recursive: true })
  anvil = await startAnvil()
  writeFileSync(join(www, 'networks.js'), networks(anvil.url, anvil.chainId))
  server = await startStaticServer({ root: www, connect: [anvil.url] })
}, idleMs(300_000))

afterAll(async () => {
  await context?.close()
  await server?.close()
  await anvil?.stop()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

function watch(page: Page): void {
  recordProblems(page, problems, ['error', 'warning'])
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
}

it(
  'connects an EIP-6963 wallet through <airlock-button> on a page with no React of its own, under a strict CSP, and restores it after a reload',
  async () => {
    context = await launchLoopbackChromium({ viewport: { width: 900, height: 700 } })
    const page = context.pages()[0] ?? (await context.newPage())
    watch(page)
    await installAnvilMockWallet(page, anvil!)

    await page.goto(server!.url)
    const connect = page.locator('airlock-button').getByRole('button', { name: 'Connect wallet' })
    await connect.waitFor()
    await page
      .locator('airlock-network-button')
      .getByRole('button', { name: /Local chain/ })
      .waitFor()
    // The page's scripts: its own two and the package's airlock.js (the first load), then lazy chunks only.
    expect(scripts.slice(0, 3).sort()).toEqual(['/airlock/airlock.js', '/app.js', '/networks.js'])
    expect(scripts.slice(3).filter((path) => !path.startsWith('/airlock/chunks/'))).toEqual([])

    await connect.click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Mock Wallet' }).click()
    const short = `${DEV_ACCOUNT.address.slice(0, 6)}…${DEV_ACCOUNT.address.slice(-4)}`
    const account = page.locator('airlock-button').getByRole('button', { name: new RegExp(short) })
    await account.waitFor({ timeout: idleMs(30_000) })
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    // The balance is anvil's: 10,000 ETH for the development account.
    await expect.poll(() => account.textContent(), { timeout: idleMs(30_000) }).toMatch(/10,000(\.00)? ETH/)
    mkdirSync(join(root, 'test-results'), { recursive: true })
    await page.screenshot({ path: join(root, 'test-results', 'html-connected.png') })

    // A reload: the connection comes back from storage, and the button shows the account again.
    await page.reload()
    await page
      .locator('airlock-button')
      .getByRole('button', { name: new RegExp(short) })
      .waitFor({ timeout: idleMs(30_000) })
    // The lazy parts the page fetched came from the package's chunks/ folder, beside airlock.js.
    expect(scripts.filter((path) => !['/app.js', '/networks.js', '/airlock/airlock.js'].includes(path) && !path.startsWith('/airlock/chunks/'))).toEqual([])
    expect(readdirSync(join(scratch, 'www', 'airlock'))).toEqual(['airlock.js', 'chunks'])
    expect(problems).toEqual([])
  },
  idleMs(120_000),
)
