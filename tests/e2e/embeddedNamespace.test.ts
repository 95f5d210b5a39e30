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
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import type { EmbeddedServices } from '../../services/embeddedStack.mjs'
import { launchChromium } from './browser'
import { approveInFrame } from './secureFrame'
import { idleMs } from '../support/until'
import { shortAddress } from '../../src/ui/components/displayFormat'

let stack: Awaited<ReturnType<typeof startDemoStack>>
let embedded: EmbeddedServices
const contexts: BrowserContext[] = []
const problems: string[] = []

async function newContext(): Promise<BrowserContext> {
  const context = await launchChromium()
  contexts.push(context)
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  return context
}

async function openDemo(page: Page, query: string): Promise<void> {
  await page.goto(`${stack.url}${query}`)
  await page.getByText('Airlock is running').waitFor()
}

const dialog = (page: Page) => page.getByRole('dialog')
const state = <T>(page: Page, read: string): Promise<T> => page.evaluate(`(${read})(window.airlock.getState())`) as Promise<T>
const mailsTo = (email: string) => embedded.smtp.messages().filter((mail) => mail.to === email).length

/** Sign in with `email` from Connect: the code comes from the SMTP sink. */
async function signInWithEmail(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  const since = Date.now()
  await dialog(page).getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
  const mail = await embedded.smtp.waitForMail({ to: email, since: since - 1 })
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1]
  expect(code, `a six-digit code in: ${mail.text}`).toBeDefined()
  await dialog(page).getByRole('textbox', { name: 'Code' }).fill(code!)
  await dialog(page).getByRole('button', { name: 'Confirm' }).click()
  await page.waitForFunction(() => window.airlock.getState().connectors.activeConnectorIds.eip155 === 'AUTH', undefined, { timeout: idleMs(20_000) })
}

/** Open the modal (on Account) and pick the Solana network in its network list. */
async function pickSolana(page: Page): Promise<void> {
  if (!(await state<boolean>(page, '(s) => s.router.open'))) await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog(page)
    .getByRole('button', { name: /^Network: / })
    .click()
  await dialog(page)
    .getByRole('button', { name: /Solana Local/ })
    .click()
}

/** The page signed in on eip155 alone, the frame loaded, its READY's namespaces as the page heard them. */
async function signedInOnEthereumOnly(page: Page, email: string): Promise<void> {
  await openDemo(page, '?namespaces=eip155')
  await signInWithEmail(page, email)
  await page.keyboard.press('Escape')
  await page.waitForFunction(() => !window.airlock.getState().router.open)
  // The site now offers Solana too: the session comes back on eip155, where it was made.
  await openDemo(page, '?namespaces=eip155,solana')
  await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('eip155'), undefined, { timeout: idleMs(20_000) })
  expect(await state<string | null>(page, '(s) => s.connectors.activeConnectorIds.eip155')).toBe('AUTH')
  expect(await state<string[]>(page, '(s) => s.connection.connectedNamespaces')).toEqual(['eip155'])
}

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack()
  if (!stack.embedded) throw new Error('the demo stack started without the embedded wallet')
  embedded = stack.embedded
}, idleMs(180_000))

afterAll(async () => {
  for (const context of contexts) await context.close()
  await stack?.stop()
})

describe('switching namespace with the embedded wallet (SPEC §4)', () => {
  it(
    'signed in by email on eip155, picking Solana connects the embedded wallet there through the frame: its Solana address shown, no second email',
    async () => {
      const context = await newContext()
      const page = await context.newPage()
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      const email = 'switch@example.com'
      await signedInOnEthereumOnly(page, email)
      const evmAddress = await state<string>(page, '(s) => s.account.accounts.eip155.address')
      await page.waitForFunction(() => window.airlock.getState().connectors.allConnectors.some((c) => c.id === 'AUTH' && c.chain === 'solana'), undefined, {
        timeout: idleMs(20_000),
      })
      const mailsBefore = mailsTo(email)

      await pickSolana(page)
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
      const message = base58.encode(new TextEncoder().encode('Hello from Solana'))
      const signed = page.evaluate(
        ([text, pubkey]) => window.airlock.getProvider('solana')!.request({ method: 'solana_signMessage', params: { message: text, pubkey } }),
        [message, address],
      ) as Promise<{ signature: string }>
      await approveInFrame(page, ['Sign a Solana message', 'Hello from Solana'])
      const { signature } = await signed
      expect(ed25519.verify(base58.decode(signature), new TextEncoder().encode('Hello from Solana'), base58.decode(address))).toBe(true)

      // No second sign-in: the frame had the session.
      expect(mailsTo(email)).toBe(mailsBefore)
      expect(problems).toEqual([])
    },
    idleMs(150_000),
  )

  it(
    'a frame site configured without Solana: picking Solana goes the ordinary way (SwitchActiveChain), the embedded wallet never asked there',
    async () => {
      const context = await newContext()
      // The frame site's config.json as a self-hoster writes it for EVM chains alone: its READY names eip155 only.
      const frameOrigin = new URL(embedded.frameUrl).origin
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

      await pickSolana(page)
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
