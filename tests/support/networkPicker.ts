/** The modal's network picker, as a visitor reaches it: from Account (opened from the demo's Connect wallet button when closed), Network, then a network by name. */
import type { Page } from 'playwright-core'

/** Opens the modal on Account unless it is open, opens its network list and picks the network whose button's name matches `name`. */
export async function pickNetwork(page: Page, name: RegExp): Promise<void> {
  const dialog = page.getByRole('dialog')
  if (!(await page.evaluate(() => window.airlock.getState().router.open))) await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog.getByRole('button', { name: /^Network: / }).click()
  await dialog.getByRole('button', { name }).click()
}
