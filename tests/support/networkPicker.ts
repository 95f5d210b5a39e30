/** The modal's network picker, as a visitor reaches it: from Account (opened from the demo's Connect wallet button when closed), Network, then a network by name. */
import type { Page } from 'playwright-core'

/**
 * Opens the modal on Account unless it is open, opens its network list and picks the network whose
 * button's name matches `name`. When Account's network row never shows, the error says what the
 * modal showed instead (its views, the connection, the dialog's text): a run on a busy machine
 * once waited 97 s for that row and left nothing to tell why.
 */
export async function pickNetwork(page: Page, name: RegExp): Promise<void> {
  const dialog = page.getByRole('dialog')
  if (!(await page.evaluate(() => window.airlock.getState().router.open))) await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  const networkRow = dialog.getByRole('button', { name: /^Network: / })
  try {
    await networkRow.waitFor()
  } catch (error) {
    const state = await page
      .evaluate(() => {
        const { router, connection } = window.airlock.getState()
        return { open: router.open, views: router.history.map((route) => route.view), connection }
      })
      .catch((reason: unknown) => `unreadable: ${String(reason)}`)
    const text = await dialog.innerText({ timeout: 1_000 }).catch(() => '(no dialog)')
    throw new Error(`pickNetwork: Account's network row never showed. The modal: ${JSON.stringify(state)}. The dialog read: ${text}`, { cause: error })
  }
  await networkRow.click()
  await dialog.getByRole('button', { name }).click()
}
