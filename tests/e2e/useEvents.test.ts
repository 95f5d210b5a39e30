/**
 * `useEvents(listener)` with an inline listener (issue 26 §5) in real Chromium, on a page built
 * from src (tests/e2e/useEventsPage.tsx): re-rendering must not end and start the subscription
 * again (it did, on every render, since the listener was a dependency of the effect), the listener
 * heard is the latest one rendered, and unmounting ends the subscription.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { serveTestPage, type ServedTestPage } from '../support/testPage'
import { launchLoopbackChromium } from '../support/loopbackChromium'
import { recordProblems } from '../support/pageProblems'
import { idleMs } from '../support/until'

let site: ServedTestPage
let browser: BrowserContext
const problems: string[] = []

beforeAll(async () => {
  site = await serveTestPage({ entry: 'tests/e2e/useEventsPage.tsx', title: 'useEvents' })
  browser = await launchLoopbackChromium()
}, idleMs(120_000))

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

const counts = (page: Page) => page.evaluate(() => ({ subscribed: window.probe.subscribed, active: window.probe.active, heard: [...window.probe.heard] }))

describe('useEvents(listener) with an inline listener (Chromium)', () => {
  it('subscribes once across re-renders, calls the latest listener, and unsubscribes on unmount', async () => {
    const page = await browser.newPage()
    recordProblems(page, problems)
    await page.goto(site.url)
    await page.waitForFunction(() => document.body.dataset.ready === 'true' && window.probe.subscribed > 0, null, { timeout: idleMs(30_000) })
    expect(await counts(page)).toEqual({ subscribed: 1, active: 1, heard: [] })

    const again = page.getByRole('button', { name: 'Render again' })
    for (const n of [1, 2, 3]) {
      await again.click()
      await page
        .getByLabel('render')
        .filter({ hasText: String(n) })
        .waitFor()
    }
    expect(await counts(page)).toEqual({ subscribed: 1, active: 1, heard: [] })

    // A public event: the listener of the latest render hears it, once; the hook returns it.
    await page.evaluate(() => window.probe.airlock.open())
    await page.getByLabel('last event').filter({ hasText: 'MODAL_OPEN' }).waitFor()
    expect(await counts(page)).toEqual({ subscribed: 1, active: 1, heard: ['3:MODAL_OPEN'] })

    await page.getByRole('button', { name: 'Unmount' }).click()
    await page.getByRole('button', { name: 'Mount' }).waitFor()
    await page.evaluate(() => window.probe.airlock.close())
    expect(await counts(page)).toEqual({ subscribed: 1, active: 0, heard: ['3:MODAL_OPEN'] })
    expect(problems).toEqual([])
    await page.close()
  })
})
