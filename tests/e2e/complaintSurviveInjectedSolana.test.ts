/**
 * Issue 28 §5 (part): a partial disconnect keeps the sign-in, for the injected connector (a wallet
 * that is only `window.ethereum`, wallet-mock's createWallet over anvil, as in
 * complaintSurviveInjected.test.ts) signed in on eip155, in real Chromium on the demo stack with
 * sign-in (SIWX, the sessions service) required. The visitor then joins the Demo Wallet on Solana
 * (`connect({ namespace: 'solana' })`): Solana becomes the active namespace and its account is
 * asked to sign in. The visitor leaves Solana instead (`disconnect('solana')`): the page is back on
 * eip155, still signed in there (page and service), the sign view closed, a personal_sign
 * recovers to the address; a reload keeps all of it. (It stayed `hasSession: false`.)
 */
import { describe, expect, it } from 'vitest'
import { idleMs } from '../support/until'
import { INJECTED_ADDRESS, injectWallet } from '../support/injectedWallet'
import { activeConnector, dialog, expectSurvived, liveSessions, reloadRestored, signInAsked, signsWith, type Survivor } from '../support/survive'
import { fileDemoStack } from '../support/fileDemoStack'

const survival = fileDemoStack({ embedded: false, accountServices: false })

describe('a partial disconnect keeps the sign-in', () => {
  it(
    'injected signed in on eip155, the Demo Wallet joined on Solana (active, asked to sign in) and left: back on eip155, signed in, the sign view closed; a reload keeps it',
    async () => {
      const { stack } = survival
      const problems: string[] = []
      const page = await survival.survivalPage(problems, '?namespaces=eip155,solana&siwx=required', injectWallet(stack.chains[0]!))
      const connected = page.evaluate(() => window.airlock.connect('injected'))
      await signInAsked(page, () => connected)
      const survivor: Survivor = { addresses: { eip155: INJECTED_ADDRESS }, signedIn: INJECTED_ADDRESS }
      const check = () => expectSurvived(page, stack.sessions, survivor, () => signsWith(page, INJECTED_ADDRESS))
      await check()

      // The Demo Wallet joins on Solana: Solana is active, and its account is asked to sign in.
      await page.evaluate(() => window.airlock.connect({ namespace: 'solana' }))
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('solana'), undefined, { timeout: idleMs(30_000) })
      expect(await page.evaluate(() => window.airlock.getState().networks.activeNamespace)).toBe('solana')
      await dialog(page)
        .getByRole('button', { name: 'Sign', exact: true })
        .waitFor({ timeout: idleMs(30_000) })
      expect(await page.evaluate(() => window.airlock.getState().siwx?.hasSession)).toBe(false)

      // Left again: back on eip155, signed in there, nothing asked.
      await page.evaluate(() => window.airlock.disconnect('solana'))
      await check()
      expect(await page.evaluate(() => window.airlock.getState().networks.activeNamespace)).toBe('eip155')
      expect(await activeConnector(page, 'eip155')).toBe('injected')

      await reloadRestored(page, ['eip155'])
      await check()
      expect(await liveSessions(stack.sessions, INJECTED_ADDRESS)).toHaveLength(1)
      expect(problems).toEqual([])
    },
    idleMs(180_000),
  )
})
