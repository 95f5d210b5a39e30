/**
 * Issue 28 §5 (part): the embedded (email) wallet connected on eip155 AND Solana survives a reload
 * and a partial disconnect, in real Chromium on the demo stack (the secure frame on its own origin,
 * the auth service with its SMTP sink, anvil, the local Solana validator). The visitor signs in by
 * email on eip155, then picks the Solana network: the embedded wallet connects there through its
 * frame (tests/e2e/embeddedNamespace.test.ts). A reload brings both back (the frame's session
 * answers the Solana restore too); disconnecting Solana alone leaves eip155 connected with the
 * frame still signed in (a personal_sign approved in the frame verifies), and a reload then brings
 * back eip155 alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { verifyMessage, type Address, type Hex } from 'viem'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import type { EmbeddedServices } from '../../services/embeddedStack.mjs'
import { launchChromium } from './browser'
import { approveInFrame } from './secureFrame'
import { idleMs } from '../support/until'
import { dialog, expectSurvived, reloadRestored, survivalPage } from '../support/survive'

let stack: Awaited<ReturnType<typeof startDemoStack>>
let embedded: EmbeddedServices
let context: BrowserContext | undefined

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ accountServices: false })
  if (!stack.embedded) throw new Error('the demo stack started without the embedded wallet')
  embedded = stack.embedded
}, idleMs(180_000))

afterAll(async () => {
  await context?.close()
  await stack?.stop()
}, idleMs(60_000))

/** personal_sign on eip155, approved in the frame, verified here. */
async function signsEvm(page: Page, address: Address): Promise<void> {
  const signature = page.evaluate(
    (account) => window.airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x7374696c6c2068657265', account] }),
    address,
  ) as Promise<Hex>
  await approveInFrame(page, ['Sign a message', 'still here'])
  expect(await verifyMessage({ address, message: 'still here', signature: await signature })).toBe(true)
  await page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })
}

/** solana_signMessage, approved in the frame, verified here (ed25519). */
async function signsSolana(page: Page, address: string): Promise<void> {
  const message = base58.encode(new TextEncoder().encode('Still on Solana'))
  const signed = page.evaluate(
    ([text, pubkey]) => window.airlock.getProvider('solana')!.request({ method: 'solana_signMessage', params: { message: text, pubkey } }),
    [message, address],
  ) as Promise<{ signature: string }>
  await approveInFrame(page, ['Sign a Solana message', 'Still on Solana'])
  const { signature } = await signed
  expect(ed25519.verify(base58.decode(signature), new TextEncoder().encode('Still on Solana'), base58.decode(address))).toBe(true)
  await page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })
}

describe('the embedded wallet on eip155 and Solana survives a reload and a partial disconnect', () => {
  it(
    'embedded (email) on eip155 and Solana: a reload restores both; disconnecting Solana keeps eip155 and the frame session; a reload restores eip155',
    async () => {
      context = await launchChromium()
      const problems: string[] = []
      const page = await survivalPage(context, problems, `${stack.url}?namespaces=eip155,solana`)

      const email = 'two-chains@example.com'
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      const since = Date.now()
      await dialog(page).getByRole('textbox', { name: 'Email' }).fill(email)
      await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
      const mail = await embedded.smtp.waitForMail({ to: email, since: since - 1 })
      const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1]
      expect(code, `a six-digit code in: ${mail.text}`).toBeDefined()
      await dialog(page).getByRole('textbox', { name: 'Code' }).fill(code!)
      await dialog(page).getByRole('button', { name: 'Confirm' }).click()
      await page.waitForFunction(() => window.airlock.getState().connectors.activeConnectorIds.eip155 === 'AUTH', undefined, { timeout: idleMs(30_000) })
      await page.waitForFunction(() => window.airlock.getState().connectors.allConnectors.some((c) => c.id === 'AUTH' && c.chain === 'solana'), undefined, {
        timeout: idleMs(20_000),
      })

      // Onto Solana through the frame (the network picker on Account), as embeddedNamespace.test.ts does.
      await page.keyboard.press('Escape')
      await page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog(page)
        .getByRole('button', { name: /^Network: / })
        .click()
      await dialog(page)
        .getByRole('button', { name: /Solana Local/ })
        .click()
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('solana'), undefined, { timeout: idleMs(30_000) })
      await page.keyboard.press('Escape')
      await page.waitForFunction(() => !window.airlock.getState().router.open)
      const evm = (await page.evaluate(() => window.airlock.getState().account.accounts.eip155.address)) as Address
      const sol = (await page.evaluate(() => window.airlock.getState().account.accounts.solana.address))!
      expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(base58.decode(sol)).toHaveLength(32)
      expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds)).toMatchObject({ eip155: 'AUTH', solana: 'AUTH' })

      const both = { addresses: { eip155: evm, solana: sol } }
      await expectSurvived(page, null, both, () => signsSolana(page, sol))
      await reloadRestored(page, ['eip155', 'solana'])
      await expectSurvived(page, null, both, async () => {
        await signsSolana(page, sol)
        await signsEvm(page, evm)
      })
      expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds)).toMatchObject({ eip155: 'AUTH', solana: 'AUTH' })

      // Leaving Solana alone: eip155 stays, and so does the frame's session (no sign-out).
      await page.evaluate(() => window.airlock.disconnect('solana'))
      const evmOnly = { addresses: { eip155: evm } }
      await expectSurvived(page, null, evmOnly, () => signsEvm(page, evm))
      expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds.eip155)).toBe('AUTH')
      await reloadRestored(page, ['eip155'])
      await expectSurvived(page, null, evmOnly, () => signsEvm(page, evm))
      expect(problems).toEqual([])
    },
    idleMs(300_000),
  )
})
