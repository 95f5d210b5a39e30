/**
 * Issue 28 §5 (part): a connection and a sign-in survive a reload, an hour idle and a partial
 * disconnect, for the injected connector: a wallet that is only `window.ethereum`, never announced
 * (EIP-6963), as older extensions and in-app browsers are. The wallet is one we did not write
 * (wallet-mock's createWallet, signing with anvil's second development key, its chain calls on
 * anvil), reached from the page through a function Playwright exposes, the way an extension's
 * content script forwards to its background. In real Chromium on the demo stack, with sign-in
 * (SIWX, the sessions service) required: the site connects it (`connect('injected')`; SPEC §4
 * lists the generic Browser Wallet on mobile only) and signs in; then an hour passes idle
 * (Playwright's clock), a reload, another hour and reload. After each step: the same address, status connected, the
 * sign-in still held (page and service), and a personal_sign that recovers to the address.
 */
import { describe, expect, it } from 'vitest'
import { idleMs } from '../support/until'
import { INJECTED_ADDRESS, injectWallet } from '../support/injectedWallet'
import { activeConnector, expectSurvived, idleHour, liveSessions, reloadRestored, signInAsked, signsWith, type Survivor } from '../support/survive'
import { fileDemoStack } from '../support/fileDemoStack'

const survival = fileDemoStack({ embedded: false, accountServices: false })

describe('a connection and a sign-in survive a reload, an hour idle and a partial disconnect', () => {
  it(
    'injected (window.ethereum, not announced): signed in, an hour idle, a reload, another hour and reload: the injected connection and its sign-in stay',
    async () => {
      const { stack } = survival
      const problems: string[] = []
      const page = await survival.survivalPage(problems, '?namespaces=eip155&siwx=required', injectWallet(stack.chains[0]!))
      // Not announced: the modal's wallets from EIP-6963 are the Demo Wallet alone.
      expect(
        await page.evaluate(() =>
          window.airlock
            .getState()
            .connectors.allConnectors.filter((c) => c.type === 'ANNOUNCED')
            .map((c) => c.name),
        ),
      ).toEqual(['Demo Wallet'])

      const connected = page.evaluate(() => window.airlock.connect('injected'))
      await signInAsked(page, () => connected)
      expect(await activeConnector(page, 'eip155')).toBe('injected')
      const survivor: Survivor = { addresses: { eip155: INJECTED_ADDRESS }, signedIn: INJECTED_ADDRESS }
      const check = () => expectSurvived(page, stack.sessions, survivor, () => signsWith(page, INJECTED_ADDRESS))
      await check()

      await idleHour(page)
      await check()
      await reloadRestored(page, ['eip155'])
      expect(await activeConnector(page, 'eip155')).toBe('injected')
      await check()

      await idleHour(page)
      await check()
      await reloadRestored(page, ['eip155'])
      await check()
      expect(await liveSessions(stack.sessions, INJECTED_ADDRESS)).toHaveLength(1)
      expect(problems).toEqual([])
    },
    idleMs(180_000),
  )
})
