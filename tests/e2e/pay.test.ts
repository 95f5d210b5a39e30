/**
 * Pay with an exchange (SPEC §2 "pay", issue 28 §4), in real Chromium under the demo's strict CSP,
 * against the demo stack of `npm start`: the local exchanges (services/exchange) behind the
 * self-hosted Blockchain API, on anvil. The demo's "Ask for a payment" card calls
 * `pay(airlock, { recipient, amount, network, asset: 'native' })`; the modal opens on Pay, lists the
 * exchanges; Local Exchange's page opens in a popup on its own origin with the deposit pre-filled;
 * its Pay sends the ether on anvil: the recipient's balance rises by exactly the amount, the modal
 * says "Payment complete" and the site's promise resolves with the transaction. Frozen Exchange
 * cannot pay: the modal and the site say why (role alert), and nothing stays pending. Closing the
 * modal before paying rejects "Payment cancelled". Paying from the connected Demo Wallet sends the
 * same through the wallet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther } from 'viem'
import { connectDemoWallet, startDemoStackBrowser, visitAfresh, type DemoStackBrowser } from '../support/demoStackBrowser'
import { recordCspProblems } from '../support/pageProblems'
import { axeViolations } from './axe'
import { idleMs } from '../support/until'

/** The demo card's default recipient: anvil's tenth development account (demo/app/PayCard.tsx). */
const SHOP = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

let demo: DemoStackBrowser
const problems: string[] = []

const watch = (page: Page, name: string) => recordCspProblems(page, problems, name)

const dialog = (page: Page) => page.getByRole('dialog')
const card = (page: Page) => page.getByRole('region', { name: 'Ask for a payment' })
const balanceOf = (address: `0x${string}`) => createPublicClient({ transport: http(demo.stack.chains[0]!.rpcUrl) }).getBalance({ address })

beforeAll(async () => {
  demo = await startDemoStackBrowser()
}, idleMs(120_000))

afterAll(() => demo?.close())

/** A fresh visit of the demo; the card's Pay with `amount`: the modal opens on Pay with the exchanges. */
async function askForPayment(page: Page, amount: string): Promise<void> {
  watch(page, 'demo')
  await visitAfresh(page, demo.stack.url)
  await card(page).getByLabel('Amount (ETH)').fill(amount)
  await card(page).getByRole('button', { name: 'Pay', exact: true }).click()
  await dialog(page)
    .getByRole('heading', { name: `Pay ${amount} ETH` })
    .waitFor({ timeout: idleMs(20_000) })
  await dialog(page)
    .getByRole('list', { name: 'Pay with an exchange' })
    .waitFor({ timeout: idleMs(20_000) })
}

/** Choose `exchange`: its page opens in a popup on the exchange's origin; press its Pay. */
async function payAt(page: Page, exchange: string, amount: string): Promise<Page> {
  const popupOpened = demo.context.waitForEvent('page')
  await dialog(page).getByRole('button', { name: exchange }).click()
  const popup = await popupOpened
  watch(popup, exchange)
  await popup.waitForURL((url) => url.origin === demo.account.exchange.url && url.pathname === '/pay', { timeout: idleMs(20_000) })
  await dialog(page).getByText(`Finish the payment on ${exchange}’s page.`, { exact: false }).waitFor()
  // The deposit, pre-filled.
  await popup.getByText(`${amount} ETH`).first().waitFor()
  await popup.getByText(SHOP).waitFor()
  await popup.getByRole('button', { name: `Pay ${amount} ETH` }).click()
  return popup
}

describe('Pay with an exchange through the local exchange', () => {
  it(
    'pays 0.05 ETH at Local Exchange: the recipient gets exactly that on anvil, the modal says so and the site’s promise resolves',
    async () => {
      const page = demo.context.pages()[0] ?? (await demo.context.newPage())
      await askForPayment(page, '0.05')
      const list = dialog(page).getByRole('list', { name: 'Pay with an exchange' })
      expect(await list.getByRole('button').allTextContents()).toEqual(['Local Exchange', 'Frozen Exchange'])
      // No wallet is connected: paying from one is offered, not possible yet.
      expect(await dialog(page).getByRole('button', { name: 'Pay from your wallet' }).isDisabled()).toBe(true)
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: '.cache/pay-choose.png' })

      const before = await balanceOf(SHOP)
      const popup = await payAt(page, 'Local Exchange', '0.05')
      await dialog(page)
        .getByText('Payment complete')
        .waitFor({ timeout: idleMs(30_000) })
      const paid = demo.account.exchange.payments().at(-1)!
      expect(paid).toMatchObject({ exchangeId: 'local', status: 'SUCCESS', amount: '0.05', recipient: SHOP })
      expect((await balanceOf(SHOP)) - before).toBe(parseEther('0.05'))
      // The site's promise resolved with the transaction (the card shows it).
      await card(page).getByText('Paid (local).').waitFor()
      expect(await card(page).locator('dd code').textContent()).toBe(paid.txHash)
      expect(await dialog(page).getByTestId('pay-transaction').textContent()).toContain(paid.txHash!)
      expect(await axeViolations(page)).toEqual([])
      await page.screenshot({ path: '.cache/pay-complete.png' })
      await popup.close()
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )

  it(
    'an exchange that cannot pay (Frozen Exchange) fails with its reason in the modal and the site; nothing stays pending and nothing moves',
    async () => {
      const page = demo.context.pages()[0]!
      await askForPayment(page, '0.02')
      const before = await balanceOf(SHOP)
      const popup = await payAt(page, 'Frozen Exchange', '0.02')
      const alert = dialog(page).getByRole('alert')
      await alert.waitFor({ timeout: idleMs(30_000) })
      expect(await alert.textContent()).toBe('The payment failed: Frozen Exchange could not send the payment: insufficient funds')
      await card(page).getByText('Failed: Frozen Exchange could not send the payment: insufficient funds').waitFor()
      // Nothing pending: no status line left in the modal, no busy card.
      expect(await dialog(page).getByRole('status').count()).toBe(0)
      expect(await card(page).locator('.pending').count()).toBe(0)
      expect(await page.evaluate(() => window.airlock.getState().pay?.step)).toBe('failed')
      expect(await balanceOf(SHOP)).toBe(before)
      await page.screenshot({ path: '.cache/pay-failed.png' })
      await popup.close()

      // Closing the modal before paying: the site hears "Payment cancelled".
      await askForPayment(page, '0.01')
      await page.keyboard.press('Escape')
      await card(page)
        .getByText('Failed: Payment cancelled')
        .waitFor({ timeout: idleMs(10_000) })
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )

  it(
    'pays from the connected Demo Wallet: the wallet sends it and the recipient gets exactly the amount',
    async () => {
      const page = demo.context.pages()[0]!
      watch(page, 'demo')
      await visitAfresh(page, `${demo.stack.url}?namespaces=eip155`)
      await connectDemoWallet(page, 1)
      const before = await balanceOf(SHOP)
      await card(page).getByLabel('Amount (ETH)').fill('0.03')
      await card(page).getByRole('button', { name: 'Pay', exact: true }).click()
      await dialog(page)
        .getByRole('button', { name: 'Pay from your wallet' })
        .click({ timeout: idleMs(20_000) })
      await dialog(page)
        .getByText('Payment complete')
        .waitFor({ timeout: idleMs(30_000) })
      await card(page).getByText('Paid (wallet).').waitFor()
      expect((await balanceOf(SHOP)) - before).toBe(parseEther('0.03'))
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )
})
