/**
 * Issue 28 §5: leaving the ACTIVE namespace while another stays connected, with the modal open on
 * Account, in real Chromium on the demo stack. The injected wallet (only `window.ethereum`,
 * wallet-mock over anvil) is connected on eip155 and the Demo Wallet joins on Solana, which becomes
 * the active namespace; the modal is open on Solana's Account. The site then disconnects Solana
 * (`airlock.disconnect('solana')`, as a site's own control or `useDisconnect()` does; the Account's
 * own Disconnect ends every namespace). The dialog stays open on Account, now eip155's (the
 * injected address, the chain's name), and never showed Connect on the way: every value the
 * dialog's `data-view` took is recorded by a MutationObserver (the old value of each change, so two
 * changes in one task are both seen). It went to Connect before the router's fix.
 */
import { describe, expect, it } from 'vitest'
import { idleMs } from '../support/until'
import { INJECTED_ADDRESS, injectWallet } from '../support/injectedWallet'
import { connectedNamespaces, dialog } from '../support/survive'
import { fileDemoStack } from '../support/fileDemoStack'

const demo = fileDemoStack({ embedded: false, accountServices: false })

/** The address as the Account shows it (src/ui/components/displayFormat.ts: the first 6 and last 4 characters). */
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

describe('disconnecting the active namespace from an open Account', () => {
  it(
    'injected on eip155, the Demo Wallet on Solana (active), Account open; Solana disconnected: the dialog stays on Account, now eip155’s, and never shows Connect',
    async () => {
      const { stack } = demo
      const problems: string[] = []
      const page = await demo.survivalPage(problems, '?namespaces=eip155,solana', injectWallet(stack.chains[0]!))
      await page.evaluate(() => window.airlock.connect('injected'))
      await page.evaluate(() => window.airlock.connect({ namespace: 'solana' }))
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.length === 2, undefined, { timeout: idleMs(30_000) })
      expect(await page.evaluate(() => window.airlock.getState().networks.activeNamespace)).toBe('solana')
      const solanaAddress = (await page.evaluate(() => window.airlock.getState().account.accounts.solana.address))!

      await page.evaluate(() => window.airlock.open())
      await page.locator('[role="dialog"][data-view="Account"]').waitFor({ timeout: idleMs(20_000) })
      await dialog(page)
        .getByText(short(solanaAddress))
        .waitFor({ timeout: idleMs(20_000) })

      // Every view the dialog takes from here on, and whether it ever leaves the page. The modal
      // draws in an open shadow root: the observer watches that root.
      await page.evaluate(() => {
        const record = { views: [] as string[], removed: 0 }
        ;(window as unknown as { viewsShown: typeof record }).viewsShown = record
        const root = [...document.querySelectorAll('*')].map((e) => e.shadowRoot).find((r) => r?.querySelector('[role="dialog"]'))
        if (!root) throw new Error('no shadow root holds the dialog')
        const note = (view: string | null | undefined) => {
          if (view && record.views.at(-1) !== view) record.views.push(view)
        }
        note(root.querySelector('[role="dialog"]')?.getAttribute('data-view'))
        new MutationObserver((mutations) => {
          for (const m of mutations) {
            if (m.type === 'attributes') {
              note(m.oldValue)
              note((m.target as Element).getAttribute('data-view'))
            }
            for (const node of m.removedNodes)
              if (node instanceof Element && (node.matches('[role="dialog"]') || node.querySelector('[role="dialog"]'))) record.removed++
            for (const node of m.addedNodes)
              if (node instanceof Element)
                note(node.closest('[data-view]')?.getAttribute('data-view') ?? node.querySelector('[role="dialog"]')?.getAttribute('data-view'))
          }
        }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-view'], attributeOldValue: true })
      })

      await page.evaluate(() => window.airlock.disconnect('solana'))
      await page.waitForFunction(() => window.airlock.getState().networks.activeNamespace === 'eip155', undefined, { timeout: idleMs(20_000) })
      expect(await connectedNamespaces(page)).toEqual(['eip155'])
      await dialog(page)
        .getByText(short(INJECTED_ADDRESS))
        .waitFor({ timeout: idleMs(20_000) })
      await expect
        .poll(
          () =>
            dialog(page)
              .getByRole('button', { name: /^Network: / })
              .textContent(),
          { timeout: idleMs(20_000) },
        )
        .toContain(stack.chains[0]!.name)
      expect(await page.evaluate(() => window.airlock.getState().router.open)).toBe(true)
      expect(await page.locator('[role="dialog"]').getAttribute('data-view')).toBe('Account')
      expect(await page.evaluate(() => (window as unknown as { viewsShown: unknown }).viewsShown)).toEqual({ views: ['Account'], removed: 0 })
      expect(problems).toEqual([])
    },
    idleMs(180_000),
  )
})
