// Airlock's All wallets list over a 700-entry catalog (the local config service): a keystroke in
// the search box to the first frame showing the results, and frames dropped while the list scrolls.
import { openBenchPage } from '../shared.mjs'

/** The wallet the search looks for; the catalog's generated entries are named "Test Wallet 0001"…. */
const QUERY = 'Test Wallet 0642'
const SCROLL_FRAMES = 120
const SCROLL_STEP_PX = 48

export async function measureAirlockList(url, { throttle = 1 } = {}) {
  const { context, page } = await openBenchPage({ throttle })
  try {
    await page.goto(url, { waitUntil: 'load' })
    await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /All wallets/ })
      .click()
    const search = page.getByRole('dialog').getByRole('searchbox', { name: 'Search wallets' })
    await search.waitFor()
    await page.getByRole('dialog').getByRole('list', { name: 'All wallets' }).getByRole('button').first().waitFor()

    // Scrolling: one step a frame through the virtualised list; a frame is dropped for each
    // vsync interval (16.7 ms) a frame took beyond the first.
    const dropped = await page.evaluate(
      ({ frames, step }) =>
        new Promise((resolve) => {
          const scroller = document.querySelector('airlock-modal')?.shadowRoot?.querySelector('.scroller')
          if (!scroller) return resolve(-1)
          const intervals = []
          let last = performance.now()
          let n = 0
          const tick = () => {
            const now = performance.now()
            if (n > 0) intervals.push(now - last)
            last = now
            if (n++ >= frames) return resolve(intervals.reduce((a, i) => a + Math.max(0, Math.round(i / (1000 / 60)) - 1), 0))
            scroller.scrollTop += step
            requestAnimationFrame(tick)
          }
          requestAnimationFrame(tick)
        }),
      { frames: SCROLL_FRAMES, step: SCROLL_STEP_PX },
    )

    // Search: the time from the last keystroke to the first frame that shows the match alone.
    await search.fill(QUERY.slice(0, -1))
    await page.waitForTimeout(600)
    await page.evaluate(() => {
      const box = document.querySelector('airlock-modal')?.shadowRoot?.querySelector('input[type=search]')
      box?.addEventListener('keydown', () => (window.__keyAt = performance.now()), { once: true, capture: true })
    })
    const waitResult = page.evaluate(
      (query) =>
        new Promise((resolve) => {
          const root = document.querySelector('airlock-modal')?.shadowRoot
          const check = () => {
            const names = [...(root?.querySelectorAll('.scroller li') ?? [])].map((li) => li.textContent ?? '')
            if (names.length === 1 && names[0].includes(query)) requestAnimationFrame(() => resolve(performance.now() - window.__keyAt))
            else requestAnimationFrame(check)
          }
          check()
        }),
      QUERY,
    )
    await search.press(QUERY.slice(-1))
    const keystrokeToResults = await waitResult
    return { keystrokeToResults, dropped, scrollFrames: SCROLL_FRAMES }
  } finally {
    await context.close()
  }
}
