/**
 * Swap (SPEC §2 Swap view, §5 refusals, §7 /v1/convert/*, §8, §9 slippage 1) in real Chromium under
 * the demo's strict CSP, against the demo stack of `npm start`: anvil with the demo contracts and
 * Uniswap V2 pools (services/chain/uniswap.mjs), the self-hosted Blockchain API serving the convert
 * paths over them, and the Demo Wallet signing and sending.
 * - 10 ADT for ETH: the allowance is 0, so "Approve ADT" first, then "Swap"; then ETH for ADT with
 *   no approval. After each, the balances read on anvil moved by the quoted amounts within the 1%
 *   slippage (the ETH side net of the gas the receipts say was paid), and the Tokens list shows the
 *   new balance; the view showed the amount out, price impact and network fee; axe finds nothing.
 * - On the demo's second chain, which the API does not serve, Swap says "Network not supported for
 *   Swaps" (SPEC §5, §8).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { createPublicClient, erc20Abi, formatUnits, http, parseEther, parseUnits, type Address, type Hash } from 'viem'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import type { AccountServices } from '../../services/accountStack.mjs'
import { launchChromium } from './browser'
import { axeViolations } from './axe'
import { idleMs } from '../support/until'

let stack: Awaited<ReturnType<typeof startDemoStack>>
let account: AccountServices
const contexts: BrowserContext[] = []
const problems: string[] = []

async function newContext(): Promise<BrowserContext> {
  const context = await launchChromium()
  contexts.push(context)
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  return context
}

async function openDemo(page: Page): Promise<void> {
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) problems.push(`csp: ${message.text()}`)
  })
  await page.goto(`${stack.url}?namespaces=eip155`)
  await page.getByText('Airlock is running').waitFor()
}

const dialog = (page: Page) => page.getByRole('dialog')

/** Connect the Demo Wallet and open Account. */
async function connect(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog(page).getByRole('button', { name: 'Demo Wallet' }).click()
  await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('eip155'))
  await page.waitForFunction(() => !window.airlock.getState().router.open)
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog(page).getByText('Account', { exact: true }).waitFor()
}

const chain = () => createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
const adtOf = (owner: Address) => chain().readContract({ address: account.contracts.tokens.adt, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const amount3 = (numeric: string) => Number(numeric).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })

/** The gas paid by the holder's transactions to `to` mined after block `after`, and their hashes. */
async function paidTo(to: Address, after: bigint): Promise<{ gas: bigint; hashes: Hash[] }> {
  const head = await chain().getBlockNumber()
  let gas = 0n
  const hashes: Hash[] = []
  for (let n = after + 1n; n <= head; n++) {
    const block = await chain().getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() !== account.holder.toLowerCase() || tx.to?.toLowerCase() !== to.toLowerCase()) continue
      const receipt = await chain().getTransactionReceipt({ hash: tx.hash })
      expect(receipt.status).toBe('success')
      gas += receipt.gasUsed * receipt.effectiveGasPrice
      hashes.push(tx.hash)
    }
  }
  return { gas, hashes }
}

/** In the Swap view: choose the two tokens (through the search box for the first) and type the amount. */
async function fill(page: Page, from: { search: string; radio: RegExp }, to: RegExp, amount: string, symbol: string): Promise<void> {
  await dialog(page)
    .getByRole('button', { name: /Choose the token to pay with/ })
    .click()
  await dialog(page).getByRole('searchbox', { name: 'Search by name, symbol or address' }).fill(from.search)
  // The search leaves only the matching token.
  await expect(dialog(page).getByRole('radio').count()).resolves.toBe(1)
  await dialog(page).getByRole('radio', { name: from.radio }).click()
  await dialog(page)
    .getByRole('button', { name: /Choose the token to receive/ })
    .click()
  await dialog(page).getByRole('radio', { name: to }).click()
  await dialog(page).getByLabel(`Amount of ${symbol}`, { exact: true }).fill(amount)
}

/** The quote the form holds now (base units of the "to" token). */
const quoted = async (page: Page) => BigInt((await page.evaluate(() => window.airlock.getState().swap?.quote?.toAmount ?? '0')) || '0')

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ embedded: false })
  if (!stack.account) throw new Error('the demo stack started without its account services')
  account = stack.account
  mkdirSync('.cache', { recursive: true })
}, idleMs(120_000))

beforeEach(() => void problems.splice(0))

afterAll(async () => {
  for (const context of contexts) await context.close()
  await stack?.stop()
})

describe('Swap against the local Blockchain API and Uniswap V2 on anvil', () => {
  it(
    'swaps 10 ADT for ETH (approve first), then ETH for ADT: balances move by the quotes within the 1% slippage (SPEC §2, §7, §9)',
    async () => {
      const context = await newContext()
      const page = context.pages()[0] ?? (await context.newPage())
      await openDemo(page)
      await connect(page)
      const holder = account.holder
      await dialog(page).getByRole('list', { name: 'Your tokens' }).waitFor()

      // ---- 10 ADT → ETH: the router has no allowance yet ----
      await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
      await fill(page, { search: 'demo token', radio: /^ADT · Airlock Demo Token/ }, /^ETH · Ether/, '10', 'ADT')
      const approve = dialog(page).getByRole('button', { name: 'Approve ADT' })
      await approve.waitFor({ timeout: idleMs(20_000) })
      await page.waitForFunction(
        () => {
          const button = document.querySelector('airlock-modal')?.shadowRoot?.querySelector('button.primary')
          return button instanceof HTMLButtonElement && !button.disabled
        },
        undefined,
        { timeout: idleMs(20_000) },
      )
      // The view shows the amount out, the price, the price impact, the minimum received and the fee.
      const text = (await dialog(page).textContent()) ?? ''
      const out = formatUnits(await quoted(page), 18)
      // Amount out to 6 significant digits.
      expect(text).toContain(String(Number(Number(out).toPrecision(6))))
      expect(text).toMatch(/1 ADT = 0\.000\d+ ETH/)
      expect(text).toMatch(/Price impact\s*0\.\d\d%/)
      expect(text).toMatch(/Network fee\s*[\d.]+ ETH \(≈ \$\d+\.\d\d\)/)
      expect(text).toMatch(/Slippage tolerance \(%\)/)
      expect(await dialog(page).getByLabel('Slippage tolerance (%)').inputValue()).toBe('1')
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: '.cache/swap-approve.png' })

      expect(
        await chain().readContract({ address: account.contracts.tokens.adt, abi: erc20Abi, functionName: 'allowance', args: [holder, account.swap.router] }),
      ).toBe(0n)
      await approve.click()
      await page
        .getByText('ADT approved: you can swap now')
        .first()
        .waitFor({ timeout: idleMs(30_000) })
      expect(
        await chain().readContract({ address: account.contracts.tokens.adt, abi: erc20Abi, functionName: 'allowance', args: [holder, account.swap.router] }),
      ).toBeGreaterThanOrEqual(parseUnits('10', 18))

      const swapButton = dialog(page).getByRole('button', { name: 'Swap', exact: true })
      await page.waitForFunction(() => window.airlock.getState().swap?.quote?.details != null, undefined, { timeout: idleMs(20_000) })
      await expect(swapButton.isEnabled()).resolves.toBe(true)
      const quote1 = await quoted(page)
      const [adtBefore, ethBefore, blockBefore] = await Promise.all([adtOf(holder), chain().getBalance({ address: holder }), chain().getBlockNumber()])
      await swapButton.click()
      await page
        .getByText('Swapped 10 ADT for ETH')
        .first()
        .waitFor({ timeout: idleMs(30_000) })
      const paid1 = await paidTo(account.swap.router, blockBefore)
      expect(paid1.hashes).toHaveLength(1)
      const [adtAfter, ethAfter] = await Promise.all([adtOf(holder), chain().getBalance({ address: holder })])
      expect(adtBefore - adtAfter).toBe(parseUnits('10', 18))
      const ethIn = ethAfter - ethBefore + paid1.gas
      expect(ethIn).toBeGreaterThanOrEqual((quote1 * 99n) / 100n)
      expect(ethIn).toBeLessThanOrEqual(quote1)

      // Back on Account, the Tokens list shows the new ADT balance (read again on TRANSACTION_SETTLED).
      const adtRow = dialog(page).getByRole('list', { name: 'Your tokens' }).getByRole('listitem').filter({ hasText: ' ADT' }).first()
      await adtRow.getByText(`${amount3(formatUnits(adtAfter, 18))} ADT`).waitFor({ timeout: idleMs(20_000) })

      // ---- 0.01 ETH → ADT: no approval needed ----
      await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
      await fill(page, { search: 'ether', radio: /^ETH · Ether/ }, /^ADT · Airlock Demo Token/, '0.01', 'ETH')
      await page.waitForFunction(() => window.airlock.getState().swap?.quote?.details != null, undefined, { timeout: idleMs(20_000) })
      await expect(dialog(page).getByRole('button', { name: 'Approve ETH' }).count()).resolves.toBe(0)
      const quote2 = await quoted(page)
      const [adtBefore2, ethBefore2, blockBefore2] = await Promise.all([adtOf(holder), chain().getBalance({ address: holder }), chain().getBlockNumber()])
      await page.screenshot({ path: '.cache/swap-eth.png' })
      await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
      await page
        .getByText('Swapped 0.01 ETH for ADT')
        .first()
        .waitFor({ timeout: idleMs(30_000) })
      const paid2 = await paidTo(account.swap.router, blockBefore2)
      const [adtAfter2, ethAfter2] = await Promise.all([adtOf(holder), chain().getBalance({ address: holder })])
      expect(ethBefore2 - ethAfter2).toBe(parseEther('0.01') + paid2.gas)
      const adtIn = adtAfter2 - adtBefore2
      expect(adtIn).toBeGreaterThanOrEqual((quote2 * 99n) / 100n)
      expect(adtIn).toBeLessThanOrEqual(quote2)
      await dialog(page)
        .getByRole('list', { name: 'Your tokens' })
        .getByRole('listitem')
        .filter({ hasText: ' ADT' })
        .first()
        .getByText(`${amount3(formatUnits(adtAfter2, 18))} ADT`)
        .waitFor({ timeout: idleMs(20_000) })
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )

  it(
    'on a network the Blockchain API does not serve, Swap says "Network not supported for Swaps" (SPEC §5, §8)',
    async () => {
      const context = await newContext()
      const page = context.pages()[0] ?? (await context.newPage())
      await openDemo(page)
      await connect(page)
      await dialog(page)
        .getByRole('button', { name: /^Network: / })
        .click()
      await dialog(page)
        .getByRole('button', { name: /Airlock Local B/ })
        .click()
      await page.waitForFunction(() => window.airlock.getState().networks.activeCaipNetworkId === 'eip155:1337', undefined, { timeout: idleMs(20_000) })
      await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
      await expect(
        dialog(page)
          .getByRole('alert')
          .filter({ hasText: 'Network not supported for Swaps' })
          .textContent({ timeout: idleMs(20_000) }),
      ).resolves.toBe('Network not supported for Swaps')
      await page.screenshot({ path: '.cache/swap-unsupported.png' })
      expect(problems).toEqual([])
    },
    idleMs(60_000),
  )
})
