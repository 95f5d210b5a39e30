/**
 * The secure frame's approval view as a visitor uses it in Chromium: the frame is its own
 * document on its own origin, placed over the modal's ApproveTransaction; its Approve counts only
 * after it has been visible, and under the pointer, for a moment (services/frame/app/approval/guard.ts),
 * so a visitor's click here is: look, move the pointer onto Approve, then click.
 */
import type { FrameLocator, Page } from 'playwright-core'
import { idleMs } from '../support/until'

/** A little more than the frame's arming delay (ARM_DELAY_MS, 500 ms). */
export const DWELL_MS = 800

export const secureFrame = (page: Page): FrameLocator => page.frameLocator('iframe[data-airlock-frame]')

/**
 * Waits for each text in the frame's view, then approves as a visitor does. `once`: one click, its
 * verdict not read, for a test that presses a second click itself (attack.test's twin): the status
 * read then could be the twin's refusal, and a retry would approve the next request.
 */
export async function approveInFrame(page: Page, texts: readonly string[] = [], { once = false }: { readonly once?: boolean } = {}): Promise<void> {
  const frame = secureFrame(page)
  for (const text of texts)
    await frame
      .getByText(text, { exact: false })
      .first()
      .waitFor({ timeout: idleMs(20_000) })
  const approve = frame.getByRole('button', { name: 'Approve' })
  await approve.waitFor({ timeout: idleMs(20_000) })
  await page.waitForFunction(
    () => {
      const iframe = document.querySelector('iframe[data-airlock-frame]') as HTMLIFrameElement | null
      return iframe !== null && iframe.style.opacity === '1'
    },
    undefined,
    { timeout: idleMs(20_000) },
  )
  // Enabled once the view has been visible for the arming delay.
  await frameEnabled(page)
  for (let attempt = 1; ; attempt++) {
    await approve.hover()
    await page.waitForTimeout(DWELL_MS)
    await approve.click()
    if (once) return
    // The frame's verdict on a click is given in its click handler: a click it did not count says
    // so in its status at once ("Try again."), as when the page's layout moved the frame under the
    // pointer between the hover and the click (a busy machine draws late). A visitor tries again.
    const refusal = await notCounted(frame)
    if (refusal === null) return
    if (attempt === APPROVE_ATTEMPTS) throw new Error(`the frame counted none of ${APPROVE_ATTEMPTS} clicks on Approve: ${refusal}`)
    // Said in the run's output: a move the product should not make shows here first.
    console.warn(`approveInFrame: the frame did not count click ${attempt} on Approve (${refusal}); trying again`)
  }
}

/** A visitor's tries at Approve before approveInFrame gives up. */
const APPROVE_ATTEMPTS = 3

/** The frame's status after a click on Approve when it did not count it, else null. */
async function notCounted(frame: FrameLocator): Promise<string | null> {
  // Read at once (evaluateAll waits for nothing): after an approval the view is hidden, or gone.
  const shown = await frame
    .locator('main[role="dialog"] p.status')
    .evaluateAll((statuses) => statuses.filter((status) => !status.closest('main')?.hidden).map((status) => status.textContent ?? ''))
    .catch(() => [])
  return shown.find((text) => text !== '') ?? null
}

/** Waits until the frame's Approve is enabled. */
export async function frameEnabled(page: Page): Promise<void> {
  const approve = secureFrame(page).getByRole('button', { name: 'Approve' })
  for (let i = 0; i < 200; i++) {
    if (await approve.isEnabled()) return
    await page.waitForTimeout(100)
  }
  throw new Error('the frame’s Approve never became enabled')
}

/** Rejects as a visitor does: onto Reject, a moment, click (Chromium drops input to a frame that has only just moved into place). */
export async function rejectInFrame(page: Page): Promise<void> {
  const reject = secureFrame(page).getByRole('button', { name: 'Reject' })
  await reject.hover()
  await page.waitForTimeout(DWELL_MS)
  await reject.click()
}
