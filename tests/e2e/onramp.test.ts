/**
 * Buy crypto (issue 15), in real Chromium under the demo's strict CSP, against the demo stack of
 * `npm start`: the local on-ramp (services/onramp) behind the self-hosted Blockchain API, on anvil.
 * Account → Buy: the demo dollar ADD (the USDC stand-in) for 100 USD shows the quote with its fees
 * and total (SPEC §3 onramp quote, §4 "the amount is set"); Continue opens the widget in a popup on
 * the on-ramp's own origin (SPEC §7 onrampurl) under its own strict CSP; the test card buys; the
 * wallet's ADD balance on anvil grows by exactly the quoted amount (read by RPC with viem); after the
 * popup closes, the purchase shows in Recent purchases (SPEC §3 coinbaseTransactions, §7 history
 * `onramp`). On the local SVM the same buys the demo SPL token in EUR. No CSP problems on either
 * page; axe finds nothing serious in the modal or the widget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, erc20Abi, formatUnits, http, parseUnits } from 'viem'
import { Connection, PublicKey } from '@solana/web3.js'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { connectDemoWallet, startDemoStackBrowser, visitAfresh, type DemoStackBrowser } from '../support/demoStackBrowser'
import { launchLoopbackChromium } from '../support/loopbackChromium'
import { recordCspProblems } from '../support/pageProblems'
import { axeViolations } from './axe'
import { idleMs } from '../support/until'

let demo: DemoStackBrowser
const contexts: BrowserContext[] = []
const problems: string[] = []

const watch = (page: Page, name: string) => recordCspProblems(page, problems, name)

const dialog = (page: Page) => page.getByRole('dialog')

/** axe over a whole page (the widget is not the modal): serious and critical violations. */
const pageViolations = (page: Page) => axeViolations(page, [['html']])

const addBalance = () =>
  createPublicClient({ transport: http(demo.stack.chains[0]!.rpcUrl) }).readContract({
    address: demo.account.contracts.tokens.add,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [demo.account.holder],
  })

beforeAll(async () => {
  demo = await startDemoStackBrowser()
}, idleMs(120_000))

afterAll(async () => {
  for (const c of contexts) await c.close()
  await demo?.close()
})

/** Open the demo on `query`, connect the Demo Wallet (in `namespaces` namespaces) and open Account. */
async function connect(page: Page, query: string, namespaces: number): Promise<void> {
  watch(page, 'demo')
  // A visitor new to the page: a connection an earlier test stored (the same browser context) would
  // be restored, and the modal opened meanwhile would move on to Account.
  await visitAfresh(page, `${demo.stack.url}${query}`)
  await connectDemoWallet(page, namespaces)
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog(page).getByText('Account', { exact: true }).waitFor()
}

/** In the open widget: the test card, Buy, and the transaction id once "Purchase complete". */
async function payWithTestCard(widget: Page): Promise<string> {
  await widget.getByLabel('Name on card').fill('Ada Lovelace')
  await widget.getByLabel('Card number').fill('4242 4242 4242 4242')
  await widget.getByLabel('Expiry (MM/YY)').fill('12/39')
  await widget.getByLabel('CVC').fill('123')
  await widget.getByRole('button', { name: /^Buy / }).click()
  await widget.getByRole('heading', { name: 'Purchase complete' }).waitFor({ timeout: idleMs(30_000) })
  return (await widget.locator('#transaction').textContent()) ?? ''
}

describe('Buy crypto through the local on-ramp', () => {
  it(
    'quotes 100 USD of ADD, buys it in the widget with the test card, delivers exactly the quote on anvil and lists the purchase',
    async () => {
      const page = demo.context.pages()[0] ?? (await demo.context.newPage())
      await connect(page, '?namespaces=eip155', 1)

      // Account → Buy: the options of the local on-ramp, for the local chain.
      await dialog(page).getByRole('button', { name: 'Buy', exact: true }).click()
      await dialog(page)
        .getByLabel('You buy')
        .waitFor({ timeout: idleMs(20_000) })
      await dialog(page).getByLabel('You buy').selectOption({ label: 'Airlock Demo Dollar (ADD)' })
      await dialog(page).getByLabel('You pay with').selectOption('USD')
      // Below the card minimum (SPEC §9): the form says so and offers no Continue.
      await dialog(page).getByLabel('Amount in USD').fill('5')
      await dialog(page).getByText('The least you can pay by card is 10.00 USD.').waitFor()
      expect(await dialog(page).getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true)
      await dialog(page).getByLabel('Amount in USD').fill('100')

      // The quote: loading, then the amount (SPEC §4), with the fees and total.
      const purchase = dialog(page).getByTestId('onramp-purchase-amount')
      await expect.poll(() => purchase.textContent(), { timeout: idleMs(20_000) }).toBe('98 ADD')
      expect(await dialog(page).getByTestId('onramp-provider-fee').textContent()).toBe('1.90 USD')
      expect(await dialog(page).getByTestId('onramp-total').textContent()).toBe('100.00 USD')
      await dialog(page).getByText('Providers: coinbase').waitFor()
      // What the API quotes is what the view shows.
      const quote = (await (
        await fetch(`${demo.account.apiUrl}/v1/onramp/quote`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ purchaseCurrency: 'airlock-add', paymentCurrency: 'USD', amount: '100', network: 'airlock-local' }),
        })
      ).json()) as { purchaseAmount: { amount: string } }
      expect(quote.purchaseAmount.amount).toBe('98')
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: '.cache/onramp-quote.png' })

      const before = await addBalance()
      // Continue: the popup opens on the on-ramp's own origin.
      const popupOpened = demo.context.waitForEvent('page')
      await dialog(page).getByRole('button', { name: 'Continue' }).click()
      const widget = await popupOpened
      watch(widget, 'widget')
      await widget.waitForURL((url) => url.origin === demo.account.onramp.url && url.pathname === '/widget', { timeout: idleMs(20_000) })
      expect(new URL(widget.url()).origin).not.toBe(new URL(demo.stack.url).origin)
      await dialog(page).getByText('Finish your purchase in the window that opened.', { exact: false }).waitFor()

      // The order, then the test card.
      await widget.getByText('98 ADD').first().waitFor()
      await widget.getByText(demo.account.holder).waitFor()
      await widget.getByLabel('Name on card').fill('Ada Lovelace')
      await widget.getByLabel('Card number').fill('4242 4242 4242 4241')
      await widget.getByLabel('Expiry (MM/YY)').fill('12/39')
      await widget.getByLabel('CVC').fill('123')
      const buy = widget.getByRole('button', { name: /^Buy 98 ADD for 100\.00 USD$/ })
      // A number failing the Luhn check is refused in the page.
      await buy.click()
      await widget.getByText('The card number is not valid').waitFor()
      await widget.getByLabel('Card number').fill('4242 4242 4242 4242')
      // Changing the field takes its message away.
      expect(await widget.getByText('The card number is not valid').count()).toBe(0)
      expect(await pageViolations(widget)).toEqual([])
      await widget.screenshot({ path: '.cache/onramp-widget.png' })
      await buy.click()
      await widget.getByRole('heading', { name: 'Purchase complete' }).waitFor({ timeout: idleMs(30_000) })
      const transaction = await widget.locator('#transaction').textContent()
      expect(transaction).toMatch(/^0x[0-9a-f]{64}$/)
      await widget.screenshot({ path: '.cache/onramp-complete.png' })

      // Delivered on anvil: exactly the quoted amount.
      expect((await addBalance()) - before).toBe(parseUnits(quote.purchaseAmount.amount, 6))

      // The popup closes: the purchases are read again and show in the Buy view.
      await widget.close()
      const recent = dialog(page).getByRole('list', { name: 'Recent purchases' })
      await recent
        .getByRole('listitem')
        .filter({ hasText: 'Bought 98.000 ADD' })
        .waitFor({ timeout: idleMs(20_000) })
      expect(await page.evaluate(() => window.airlock.getState().onramp?.purchases.transactions.map((t) => t.id))).toEqual([transaction])
      // The Account's Tokens read theirs again when the widget closes (TRANSACTION_SETTLED): the new ADD balance.
      const after = formatUnits(await addBalance(), 6)
      await page.waitForFunction(
        (numeric) =>
          Object.values(window.airlock.getState().tokens?.byAddress ?? {}).some((entry) =>
            entry.balances.some((b) => b.symbol === 'ADD' && b.quantity.numeric === numeric),
          ),
        after,
        { timeout: idleMs(20_000) },
      )
      await dialog(page).getByRole('button', { name: 'Continue' }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: '.cache/onramp-purchases.png' })
      expect(problems).toEqual([])
    },
    idleMs(90_000),
  )

  it(
    'on the local SVM: 20 EUR of the demo SPL token, delivered to the wallet’s Solana address exactly as quoted',
    async () => {
      const page = await demo.context.newPage()
      await connect(page, '?namespaces=eip155,solana', 2)
      await dialog(page)
        .getByRole('button', { name: /^Network: / })
        .click()
      await dialog(page)
        .getByRole('button', { name: /Solana Local/ })
        .click()
      await page.waitForFunction(() => window.airlock.getState().networks.activeNamespace === 'solana')
      await dialog(page).getByRole('button', { name: 'Buy', exact: true }).click()
      await dialog(page)
        .getByLabel('You buy')
        .waitFor({ timeout: idleMs(20_000) })
      // The network's currencies only: SOL and the SPL token, not the anvil's.
      expect(await dialog(page).getByLabel('You buy').locator('option').allTextContents()).toEqual(['Solana (SOL)', 'Airlock Demo SPL (ADS)'])
      await dialog(page).getByLabel('You buy').selectOption({ label: 'Airlock Demo SPL (ADS)' })
      await dialog(page).getByLabel('You pay with').selectOption('EUR')
      await dialog(page).getByLabel('Amount in EUR').fill('20')
      const purchase = dialog(page).getByTestId('onramp-purchase-amount')
      await expect.poll(() => purchase.textContent(), { timeout: idleMs(20_000) }).toMatch(/ ADS$/)
      const quoted = (await purchase.textContent())!.replace(' ADS', '')
      expect(await dialog(page).getByTestId('onramp-total').textContent()).toBe('20.00 EUR')

      const connection = new Connection(demo.stack.solana.url, 'confirmed')
      const ata = getAssociatedTokenAddressSync(new PublicKey(demo.stack.solana.mint), new PublicKey(demo.stack.demoAccounts.solana))
      const before = BigInt((await connection.getTokenAccountBalance(ata)).value.amount)
      const popupOpened = demo.context.waitForEvent('page')
      await dialog(page).getByRole('button', { name: 'Continue' }).click()
      const widget = await popupOpened
      watch(widget, 'widget')
      await widget.waitForURL((url) => url.origin === demo.account.onramp.url, { timeout: idleMs(20_000) })
      await widget.getByText(demo.stack.demoAccounts.solana).waitFor()
      const signature = await payWithTestCard(widget)
      expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
      expect(BigInt((await connection.getTokenAccountBalance(ata)).value.amount) - before).toBe(parseUnits(quoted, 6))

      await widget.close()
      await dialog(page)
        .getByRole('list', { name: 'Recent purchases' })
        .getByRole('listitem')
        .filter({ hasText: 'ADS' })
        .waitFor({ timeout: idleMs(20_000) })
      expect(problems).toEqual([])
    },
    idleMs(60_000),
  )

  it(
    'SPEC §7 failures: a failed quote shows its error and the placeholder equal to the amount; failed options fall back to the SPEC §9 defaults',
    async () => {
      // A context of its own: the demo's storage from the Solana test would start this page on Solana.
      const own = await launchLoopbackChromium()
      contexts.push(own)
      const page = own.pages()[0] ?? (await own.newPage())
      // The only thing not real here: the API's answers shaped into failures by routing them.
      await page.route('**/v1/onramp/quote?**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"quotes are down"}' }))
      await connect(page, '?namespaces=eip155', 1)
      await dialog(page).getByRole('button', { name: 'Buy', exact: true }).click()
      await dialog(page).getByLabel('Amount in USD').fill('100')
      await dialog(page)
        .getByRole('alert')
        .filter({ hasText: 'No quote: quotes are down' })
        .waitFor({ timeout: idleMs(20_000) })
      expect(await dialog(page).getByTestId('onramp-purchase-amount').textContent()).toBe('100 ADD')
      await dialog(page).getByText('Without a quote, the amount shown is what you entered', { exact: false }).waitFor()
      expect(await axeViolations(page)).toEqual([])

      await page.route('**/v1/onramp/options?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }))
      await page.reload()
      await page.getByText('Airlock is running').waitFor()
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('eip155'))
      await page.evaluate(() => window.airlock.open('BuyCrypto'))
      await dialog(page)
        .getByText('The on-ramp’s options could not be loaded: showing the usual ones.')
        .waitFor({ timeout: idleMs(20_000) })
      // The defaults sell USDC on Ethereum and Polygon: nothing on the local chain.
      await dialog(page)
        .getByText(/^Nothing can be bought on .+ yet\.$/)
        .waitFor()
      expect(await page.evaluate(() => window.airlock.getState().onramp?.paymentCurrencies.map((c) => c.id))).toEqual(['USD', 'EUR'])
      expect(problems).toEqual([])
    },
    idleMs(60_000),
  )
})
