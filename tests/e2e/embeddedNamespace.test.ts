/**
 * SPEC §4 "Switch network" (conformance 4.35): "Different namespace using the embedded auth wallet
 * on a supported chain: connect or switch via the auth provider, falling back to an adapter switch
 * on error." In real Chromium under the demo's strict CSP, against the local back end of
 * `npm start` (services/demoStack.mjs: the secure frame on its own origin, the auth service with a
 * real SMTP sink, anvil, the local Solana validator). Nothing of ours is mocked.
 * - A visitor signed in by email while the site offered Ethereum only comes back when it offers
 *   Solana too (the session restored on eip155 only), and picks the Solana network: the embedded
 *   wallet connects there through its frame, which holds the session — no second email — and the
 *   modal shows its Solana address, whose key signs (ed25519) in the frame.
 * - A frame site configured without Solana (its config.json, as a self-hoster writes it: its READY
 *   then names eip155 alone): picking Solana takes the ordinary way (SwitchActiveChain: connect a
 *   wallet there), and the embedded wallet is never asked for a Solana account.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { base58 } from '@scure/base'
import { idleMs } from '../support/until'
import { fileDemoStack } from '../support/fileDemoStack'
import { signInWithEmail } from '../support/emailSignIn'
import { frameSignsSolana } from '../support/frameSigns'
import { pickNetwork } from '../support/networkPicker'
import { shortAddress } from '../../src/ui/components/displayFormat'

const problems: string[] = []
const demo = fileDemoStack()

async function openDemo(page: Page, query: string): Promise<void> {
  await page.goto(`${demo.stack.url}${query}`)
  await page.getByText('Airlock is running').waitFor()
}

const dialog = (page: Page) => page.getByRole('dialog')
const state = <T>(page: Page, read: string): Promise<T> => page.evaluate(`(${read})(window.airlock.getState())`) as Promise<T>
const mailsTo = (email: string) => demo.embedded.smtp.messages().filter((mail) => mail.to === email).length

/** The page signed in on eip155 alone, the frame loaded, its READY's namespaces as the page heard them. */
async function signedInOnEthereumOnly(page: Page, email: string): Promise<void> {
  await openDemo(page, '?namespaces=eip155')
  await signInWithEmail(page, demo.embedded.smtp, email)
  await page.keyboard.press('Escape')
  await page.waitForFunction(() => !window.airlock.getState().router.open)
  // The site now offers Solana too: the session comes back on eip155, where it was made.
  await openDemo(page, '?namespaces=eip155,solana')
  await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('eip155'), undefined, { timeout: idleMs(20_000) })
  expect(await state<string | null>(page, '(s) => s.connectors.activeConnectorIds.eip155')).toBe('AUTH')
  expect(await state<string[]>(page, '(s) => s.connection.connectedNamespaces')).toEqual(['eip155'])
}

describe('switching namespace with the embedded wallet (SPEC §4)', () => {
  it(
    'signed in by email on eip155, picking Solana connects the embedded wallet there through the frame: its Solana address shown, no second email',
    async () => {
      const context = await demo.newContext()
      const page = await context.newPage()
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      const email = 'switch@example.com'
      await signedInOnEthereumOnly(page, email)
      const evmAddress = await state<string>(page, '(s) => s.account.accounts.eip155.address')
      await page.waitForFunction(() => window.airlock.getState().connectors.allConnectors.some((c) => c.id === 'AUTH' && c.chain === 'solana'), undefined, {
        timeout: idleMs(20_000),
      })
      const mailsBefore = mailsTo(email)

      await pickNetwork(page, /Solana Local/)
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('solana'), undefined, { timeout: idleMs(20_000) })
      expect(await state<string>(page, '(s) => s.networks.activeNamespace')).toBe('solana')
      expect(await state<string | null>(page, '(s) => s.connectors.activeConnectorIds.solana')).toBe('AUTH')
      expect(await state<boolean>(page, '(s) => s.networks.isSwitchingNamespace')).toBe(false)
      const address = await state<string>(page, '(s) => s.account.accounts.solana.address')
      expect(base58.decode(address)).toHaveLength(32)
      // The modal shows it (back on Account after the picker), and eip155 stays as it was.
      await dialog(page).getByText(shortAddress(address)).first().waitFor()
      expect(await page.locator('airlock-modal [role=dialog][data-view=SwitchActiveChain]').count()).toBe(0)
      expect(await state<string>(page, '(s) => s.account.accounts.eip155.address')).toBe(evmAddress)
      await page.screenshot({ path: 'test-results/embedded-namespace-switch.png' })

      // The frame holds that address's key: a message it signs after approval verifies.
      await page.keyboard.press('Escape')
      await page.waitForFunction(() => !window.airlock.getState().router.open)
      await frameSignsSolana(page, address, 'Hello from Solana')

      // No second sign-in: the frame had the session.
      expect(mailsTo(email)).toBe(mailsBefore)
      expect(problems).toEqual([])
    },
    idleMs(150_000),
  )

  it(
    'a frame site configured without Solana: picking Solana goes the ordinary way (SwitchActiveChain), the embedded wallet never asked there',
    async () => {
      const context = await demo.newContext()
      // The frame site's config.json as a self-hoster writes it for EVM chains alone: its READY names eip155 only.
      const frameOrigin = new URL(demo.embedded.frameUrl).origin
      await context.route(
        (url) => url.origin === frameOrigin && url.pathname.endsWith('/config.json'),
        async (route) => {
          const response = await route.fetch()
          const config = (await response.json()) as Record<string, unknown>
          await route.fulfill({ response, json: { ...config, solana: null } })
        },
      )
      const page = await context.newPage()
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      const email = 'evm-only@example.com'
      await signedInOnEthereumOnly(page, email)
      expect(await state<boolean>(page, "(s) => s.connectors.allConnectors.some((c) => c.id === 'AUTH' && c.chain === 'solana')")).toBe(false)

      await pickNetwork(page, /Solana Local/)
      await page.locator('airlock-modal [role=dialog][data-view=SwitchActiveChain]').waitFor()
      await dialog(page).getByText('No wallet is connected on Solana Local').waitFor()
      await dialog(page).getByRole('button', { name: 'Switch to Solana Local' }).click()
      await page.locator('airlock-modal [role=dialog][data-view=Connect]').waitFor()
      expect(await state<string>(page, '(s) => s.networks.activeNamespace')).toBe('solana')
      expect(await state<boolean>(page, '(s) => s.networks.isSwitchingNamespace')).toBe(true)
      expect(await state<string[]>(page, '(s) => s.connection.connectedNamespaces')).toEqual(['eip155'])
      expect(await state<string | null>(page, '(s) => s.account.accounts.solana.address')).toBeNull()
      expect(problems).toEqual([])
    },
    idleMs(120_000),
  )
})
