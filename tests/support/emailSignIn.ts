/**
 * The embedded wallet's email sign-in as a visitor does it, from the demo's Connect wallet button:
 * the email entered, the one-time code read from the mail the auth service sent to the SMTP sink
 * (services/auth/smtpSink.mjs), typed in, and the embedded wallet (AUTH) connected on eip155.
 *
 * ```ts
 * await signInWithEmail(page, stack.embedded!.smtp, 'ada@example.com')
 * ```
 */
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import type { SmtpSink } from '../../services/auth/smtpSink.mjs'
import { idleMs } from './until'

/** The six-digit code on a line of its own in the sign-in mail. */
const CODE = /^\s*(\d{6})\s*$/m

/**
 * Sign in with `email` from Connect: Email, Continue, the code from `smtp`'s mail to `email` (one
 * sent after Continue), Code, Confirm; then waits until eip155 is connected through the embedded
 * wallet (AUTH). A mail without a code fails the test, saying what the mail held.
 */
export async function signInWithEmail(page: Page, smtp: SmtpSink, email: string): Promise<void> {
  const dialog = page.getByRole('dialog')
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  const since = Date.now()
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  const mail = await smtp.waitForMail({ to: email, since: since - 1 })
  const code = CODE.exec(mail.text)?.[1]
  expect(code, `a six-digit code in: ${mail.text}`).toBeDefined()
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code!)
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await page.waitForFunction(
    () => {
      const state = window.airlock.getState()
      return state.connection.connectedNamespaces.includes('eip155') && state.connectors.activeConnectorIds.eip155 === 'AUTH'
    },
    undefined,
    { timeout: idleMs(30_000) },
  )
}
