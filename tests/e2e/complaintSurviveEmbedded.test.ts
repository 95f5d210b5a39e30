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
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Address } from 'viem'
import { approveInFrame } from './secureFrame'
import { idleMs } from '../support/until'
import { signInWithEmail } from '../support/emailSignIn'
import { frameSignsEvm } from '../support/frameSigns'
import { activeConnector, expectSurvived, HOUR_MS, idleHour, reloadRestored, signInAsked, type Survivor } from '../support/survive'
import { fileDemoStack } from '../support/fileDemoStack'

/** How far the auth service's clock is ahead of the real one: it moves with the page's. */
let authClockOffset = 0
const survival = fileDemoStack({ accountServices: false, authNow: () => Date.now() + authClockOffset })

/** An hour idle for the page, its frame and the auth service alike. */
async function hourPasses(page: Page): Promise<void> {
  authClockOffset += HOUR_MS
  await idleHour(page)
}

describe('a connection and a sign-in survive a reload, an hour idle and a partial disconnect', () => {
  it(
    'embedded (email): signed in, an hour idle, a reload, another hour and reload: the frame session, the address and its sign-in stay',
    async () => {
      const { stack } = survival
      const problems: string[] = []
      const page = await survival.survivalPage(problems, '?namespaces=eip155&siwx=required')

      await signInWithEmail(page, survival.embedded.smtp, 'survivor@example.com')
      // Sign-in required: the SIWX message, signed by the embedded wallet once the frame approves it.
      await signInAsked(page, () => approveInFrame(page, ['Sign a message']))
      const ids = await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds)
      expect(ids).toMatchObject({ eip155: 'AUTH' })
      const evm = (await page.evaluate(() => window.airlock.getState().account.accounts.eip155.address)) as Address
      expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/)

      const both: Survivor = { addresses: { eip155: evm }, signedIn: evm }
      await expectSurvived(page, stack.sessions, both, () => frameSignsEvm(page, evm))
      await hourPasses(page)
      await expectSurvived(page, stack.sessions, both, () => frameSignsEvm(page, evm))
      await reloadRestored(page, ['eip155'])
      await expectSurvived(page, stack.sessions, both, () => frameSignsEvm(page, evm))

      await hourPasses(page)
      await reloadRestored(page, ['eip155'])
      await expectSurvived(page, stack.sessions, both, () => frameSignsEvm(page, evm))
      expect(await activeConnector(page, 'eip155')).toBe('AUTH')
      expect(problems).toEqual([])
    },
    idleMs(240_000),
  )
})
