/**
 * Issue 28 §5 (part): a connection and a sign-in survive a reload, an hour idle and a partial
 * disconnect, for the embedded wallet (email): the secure frame on its own origin, the auth
 * service with its SMTP sink (the code read from the mail), in real Chromium on the demo stack
 * with sign-in (SIWX, the sessions service) required. The visitor signs in by email on eip155,
 * then signs in to the site (the frame approves the SIWX message). An hour passes idle: the
 * page's clock (and the frame's, Playwright's clock is the page's) jumps an hour, and so does the
 * auth service's (`authNow`), so the frame's session meets the service an hour later. Then a
 * reload (the frame still holds its session), another hour and reload.
 * After each step: the same addresses, status connected, the sign-in held (page and service), and
 * a personal_sign approved in the frame that verifies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { verifyMessage, type Address, type Hex } from 'viem'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import type { EmbeddedServices } from '../../services/embeddedStack.mjs'
import { launchChromium } from './browser'
import { approveInFrame } from './secureFrame'
import { idleMs } from '../support/until'
import { dialog, expectSurvived, HOUR_MS, idleHour, reloadRestored, survivalPage, type Survivor } from '../support/survive'

let stack: Awaited<ReturnType<typeof startDemoStack>>
let embedded: EmbeddedServices
/** How far the auth service's clock is ahead of the real one: it moves with the page's. */
let authClockOffset = 0
let context: BrowserContext | undefined

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ accountServices: false, authNow: () => Date.now() + authClockOffset })
  if (!stack.embedded) throw new Error('the demo stack started without the embedded wallet')
  embedded = stack.embedded
}, idleMs(180_000))

afterAll(async () => {
  await context?.close()
  await stack?.stop()
}, idleMs(60_000))

/** An hour idle for the page, its frame and the auth service alike. */
async function hourPasses(page: Page): Promise<void> {
  authClockOffset += HOUR_MS
  await idleHour(page)
}

/** A request through the connection: personal_sign, approved in the frame, verified here. */
async function signs(page: Page, address: Address): Promise<void> {
  const signature = page.evaluate(
    (account) => window.airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x7374696c6c2068657265', account] }),
    address,
  ) as Promise<Hex>
  await approveInFrame(page, ['Sign a message', 'still here'])
  expect(await verifyMessage({ address, message: 'still here', signature: await signature })).toBe(true)
  await page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })
}

describe('a connection and a sign-in survive a reload, an hour idle and a partial disconnect', () => {
  it(
    'embedded (email): signed in, an hour idle, a reload, another hour and reload: the frame session, the address and its sign-in stay',
    async () => {
      context = await launchChromium()
      const problems: string[] = []
      const page = await survivalPage(context, problems, `${stack.url}?namespaces=eip155&siwx=required`)

      const email = 'survivor@example.com'
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      const since = Date.now()
      await dialog(page).getByRole('textbox', { name: 'Email' }).fill(email)
      await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
      const mail = await embedded.smtp.waitForMail({ to: email, since: since - 1 })
      const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1]
      expect(code, `a six-digit code in: ${mail.text}`).toBeDefined()
      await dialog(page).getByRole('textbox', { name: 'Code' }).fill(code!)
      await dialog(page).getByRole('button', { name: 'Confirm' }).click()
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('eip155'), undefined, { timeout: idleMs(30_000) })
      // Sign-in required: the SIWX message, signed by the embedded wallet once the frame approves it.
      await dialog(page)
        .getByRole('button', { name: 'Sign', exact: true })
        .click({ timeout: idleMs(30_000) })
      await approveInFrame(page, ['Sign a message'])
      await page
        .locator('#events li', { hasText: 'SIWX_AUTH_SUCCESS' })
        .first()
        .waitFor({ timeout: idleMs(30_000) })
      await page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })
      const ids = await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds)
      expect(ids).toMatchObject({ eip155: 'AUTH' })
      const evm = (await page.evaluate(() => window.airlock.getState().account.accounts.eip155.address)) as Address
      expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/)

      const both: Survivor = { addresses: { eip155: evm }, signedIn: evm }
      await expectSurvived(page, stack.sessions, both, () => signs(page, evm))
      await hourPasses(page)
      await expectSurvived(page, stack.sessions, both, () => signs(page, evm))
      await reloadRestored(page, ['eip155'])
      await expectSurvived(page, stack.sessions, both, () => signs(page, evm))

      await hourPasses(page)
      await reloadRestored(page, ['eip155'])
      await expectSurvived(page, stack.sessions, both, () => signs(page, evm))
      expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds.eip155)).toBe('AUTH')
      expect(problems).toEqual([])
    },
    idleMs(240_000),
  )
})
