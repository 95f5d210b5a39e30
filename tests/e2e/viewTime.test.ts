/**
 * Views on the instance's clock and scheduler (issue 26 §4) in real Chromium, on a page built from
 * src (tests/e2e/viewTimePage.tsx) whose instance runs on virtual time: "Link copied" stays while
 * only the wall clock moves and reads "Copy link" again when the instance's time passes 2 s;
 * `useNow(30_000)` shows the instance's time and moves with it every 30 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext } from 'playwright-core'
import { serveTestPage, type ServedTestPage } from '../support/testPage'
import { startRelay } from '../../services/relay/relay.mjs'
import { launchLoopbackChromium } from '../support/loopbackChromium'
import { recordProblems } from '../support/pageProblems'
import { idleMs } from '../support/until'

let site: ServedTestPage
let relay: Awaited<ReturnType<typeof startRelay>>
let browser: BrowserContext
const problems: string[] = []

beforeAll(async () => {
  relay = await startRelay()
  site = await serveTestPage({ entry: 'tests/e2e/viewTimePage.tsx', title: 'View time', server: { connect: [relay.url] } })
  browser = await launchLoopbackChromium()
  await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url })
}, idleMs(120_000))

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await relay?.close()
})

describe('views on the instance’s time (Chromium)', () => {
  it('"Link copied" reverts after 2 s of the instance’s time, not of the wall clock; useNow follows the instance’s clock', async () => {
    const page = await browser.newPage()
    recordProblems(page, problems)
    await page.goto(new URL(`?relay=${encodeURIComponent(relay.url)}`, site.url).href)
    await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: idleMs(30_000) })
    const now = page.getByLabel('now')
    expect(await now.textContent()).toBe('0')

    // The pairing's link, from the relay, then copied.
    await page.getByRole('button', { name: 'Copy link' }).click()
    const copied = page.getByRole('button', { name: 'Link copied' })
    await copied.waitFor()
    // Three seconds of wall clock: the feedback stays, it waits on the instance's scheduler.
    await page.waitForTimeout(3000)
    expect(await copied.count()).toBe(1)
    await page.evaluate(() => window.viewTime.advance(2000))
    await page.getByRole('button', { name: 'Copy link' }).waitFor()

    // useNow reads the instance's clock again every 30 s of its time.
    expect(await now.textContent()).toBe('0')
    await page.evaluate(() => window.viewTime.advance(30_000))
    await now.filter({ hasText: '30000' }).waitFor()
    expect(problems).toEqual([])
    await page.close()
  })
})
