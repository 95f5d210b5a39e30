/**
 * Issue 28 §5 (part): a connection and a sign-in survive a reload, an hour idle and a partial
 * disconnect, for Bitcoin: the demo's Demo Wallet through its sats-connect style provider
 * (demo/wallets/bitcoinWallet.ts) on the regtest node behind Esplora, beside the same wallet on
 * eip155 (EIP-6963), in real Chromium on the demo stack with sign-in (SIWX, the sessions service)
 * required. Both namespaces connect and each is signed in (eip155 at connect; Bitcoin, BIP-322,
 * once the site switches to it); an hour passes idle (Playwright's clock), a reload; then eip155
 * alone is disconnected: Bitcoin and its sign-in stay, across another hour and another reload.
 * After each step: the same addresses, status connected, the sign-in held (page and service), and
 * a Bitcoin message signed through the connection that verifies (BIP-322).
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { Verifier } from 'bip322-js'
import { DEV_ACCOUNT } from '../../services/chain/anvil.mjs'
import { idleMs } from '../support/until'
import {
  activeConnector,
  expectSurvived,
  idleHour,
  liveSessions,
  pickDemoWallet,
  reloadRestored,
  signInAsked,
  signsWith,
  type Survivor,
} from '../support/survive'
import { fileDemoStack } from '../support/fileDemoStack'

/** The bip122 CAIP-2 id of regtest (its genesis hash's first 32 characters), the demo's Bitcoin network. */
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

const survival = fileDemoStack({ embedded: false, accountServices: false })

/** A Bitcoin request through the connection: signMessage (BIP-322) by the payment address, verified here. */
async function signsBitcoin(page: Page): Promise<void> {
  const payment = survival.stack.demoAccounts.bitcoinPayment
  const message = 'still here'
  const { signature } = (await page.evaluate(
    ({ message, payment }) =>
      window.airlock.getProvider('bip122')!.request({ method: 'signMessage', params: { account: payment, address: payment, message, protocol: 'bip322' } }),
    { message, payment },
  )) as { signature: string }
  expect(Verifier.verifySignature(payment, message, signature)).toBe(true)
}

describe('a connection and a sign-in survive a reload, an hour idle and a partial disconnect', () => {
  it(
    'Bitcoin (sats-connect provider) beside eip155: both signed in, an hour idle, a reload, eip155 disconnected: Bitcoin and its sign-in stay',
    async () => {
      const { stack } = survival
      const problems: string[] = []
      const page = await survival.survivalPage(problems, '?namespaces=eip155,bip122&siwx=required')
      const bitcoinAddress = stack.demoAccounts.bitcoinPayment

      // The Demo Wallet connects both namespaces; eip155, the active one, signs in at once.
      await pickDemoWallet(page)
      await signInAsked(page)
      expect(await activeConnector(page, 'bip122')).toBe('btc.airlockdemobitcoin.provider')
      // The site moves to Bitcoin: its account is asked to sign in too (BIP-322).
      await page.evaluate((network) => window.airlock.switchNetwork(network), REGTEST)
      await signInAsked(page)
      expect(await page.evaluate(() => window.airlock.getState().networks.activeCaipNetworkId)).toBe(REGTEST)

      const both: Survivor = { addresses: { eip155: DEV_ACCOUNT.address, bip122: bitcoinAddress }, signedIn: bitcoinAddress }
      const checkBoth = async () => {
        await expectSurvived(page, stack.sessions, both, () => signsBitcoin(page))
        await signsWith(page, DEV_ACCOUNT.address)
        expect(await liveSessions(stack.sessions, DEV_ACCOUNT.address)).toHaveLength(1)
      }
      await checkBoth()
      await idleHour(page)
      await checkBoth()
      await reloadRestored(page, ['bip122', 'eip155'])
      await checkBoth()

      // A partial disconnect: eip155 goes; Bitcoin and its sign-in stay.
      await page.evaluate(() => window.airlock.disconnect('eip155'))
      const bitcoinOnly: Survivor = { addresses: { bip122: bitcoinAddress }, signedIn: bitcoinAddress }
      await expectSurvived(page, stack.sessions, bitcoinOnly, () => signsBitcoin(page))
      await idleHour(page)
      await expectSurvived(page, stack.sessions, bitcoinOnly, () => signsBitcoin(page))
      await reloadRestored(page, ['bip122'])
      await expectSurvived(page, stack.sessions, bitcoinOnly, () => signsBitcoin(page))
      expect(await page.evaluate(() => window.airlock.getState().networks.activeCaipNetworkId)).toBe(REGTEST)
      expect(problems).toEqual([])
    },
    idleMs(180_000),
  )
})
