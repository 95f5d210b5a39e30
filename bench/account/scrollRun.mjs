// One page run of the scrolling part at a CPU throttle: Tokens and Activity over the synthetic
// answers (connected), All wallets over the 700-entry catalog, each list scrolled through a
// measure of ./rafScroll.mjs (and, after the rAF scroll, by a wheel gesture).
import { loadavg } from 'node:os'
import { openBenchPage } from '../shared.mjs'
import { historyItems, tokenBalances } from './synthetic.mjs'
import { ACTIVITY_ROW, ACTIVITY_SCROLLER, CATALOG_SCROLLER, CATALOG_WALLETS, LIST_ITEMS, TOKEN_SCROLLER } from './settings.mjs'
import { connect, openDemo, requestsQuiet, routeBalances, routeHistory } from './pageSteps.mjs'
import { scrollFrames, wheelFrames } from './rafScroll.mjs'

/**
 * One page per list pair at `throttle`× CPU (throttled from the page's start), each list scrolled
 * through `measure`: Tokens and Activity over the synthetic answers, connected; All wallets over
 * the 700-entry catalog, every page of it loaded first (so the scroll measures rows, not requests).
 * `stack` is the demo stack (with its account services), `catalogService` the 700-entry config
 * service; the machine's load average as the run starts goes to `loads`.
 */
export async function scrollRun(throttle, measure, { stack, catalogService, loads }) {
  const apiUrl = stack.account.apiUrl
  const holder = stack.account.holder
  const row = {}
  loads.push(loadavg()[0])
  {
    const { context, page, cdp } = await openBenchPage({ throttle })
    try {
      await cdp.send('Performance.enable')
      await routeBalances(page, tokenBalances(LIST_ITEMS, apiUrl))
      await routeHistory(page, historyItems(LIST_ITEMS, holder, apiUrl))
      const quiet = requestsQuiet(page)
      // A busy machine at 4× loads the page slowly: what is timed here is the scroll, not the load.
      page.setDefaultTimeout(120_000)
      await openDemo(page, stack.url, '?namespaces=eip155', { hideState: true })
      await connect(page)
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('list', { name: 'Your tokens' }).getByRole('listitem').first().waitFor()
      await quiet()
      row.tokens = await measure(page, cdp, TOKEN_SCROLLER)
      if (measure === scrollFrames) row.tokensWheel = await wheelFrames(page, cdp, TOKEN_SCROLLER)
      await dialog.getByRole('tab', { name: 'Activity' }).click()
      await dialog.getByRole('list', { name: 'Your activity' }).getByRole('listitem').first().waitFor()
      const items = await page.evaluate(
        (row) => document.querySelector('airlock-modal')?.shadowRoot?.querySelector(`${row}[aria-setsize]`)?.getAttribute('aria-setsize'),
        ACTIVITY_ROW,
      )
      if (items !== String(LIST_ITEMS)) throw new Error(`the activity list holds ${items} items, not ${LIST_ITEMS}`)
      await quiet()
      row.activity = await measure(page, cdp, ACTIVITY_SCROLLER)
      if (measure === scrollFrames) row.activityWheel = await wheelFrames(page, cdp, ACTIVITY_SCROLLER)
    } finally {
      await context.close()
    }
  }
  {
    const { context, page, cdp } = await openBenchPage({ throttle })
    try {
      await cdp.send('Performance.enable')
      // The catalog answers from the 700-entry config service (the page's CSP allows only the stack's, so through the route).
      await page.route(
        (url) => url.href.startsWith(stack.configUrl) && url.pathname.includes('getWallets'),
        async (route) => {
          const url = new URL(route.request().url())
          const response = await page.request.fetch(`${catalogService.url}${url.pathname}${url.search}`, { headers: route.request().headers() })
          await route.fulfill({
            status: response.status(),
            body: await response.body(),
            headers: { ...response.headers(), 'access-control-allow-origin': '*' },
          })
        },
      )
      const quiet = requestsQuiet(page)
      page.setDefaultTimeout(120_000)
      await openDemo(page, stack.url, '?namespaces=eip155', { hideState: true })
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: /All wallets/ }).click()
      await dialog.getByRole('list', { name: 'All wallets' }).getByRole('button').first().waitFor()
      // Every page of the catalog (40 at a time as the list nears its end), then back to the top.
      await page.waitForFunction(
        ({ selector, min }) => {
          const scroller = document.querySelector('airlock-modal')?.shadowRoot?.querySelector(selector)
          if (scroller) scroller.scrollTop = scroller.scrollHeight
          return window.airlock.getState().walletCatalog.filteredWallets.length >= min
        },
        { selector: CATALOG_SCROLLER, min: CATALOG_WALLETS - 10 },
        { polling: 200, timeout: 120_000 },
      )
      row.catalogEntries = await page.evaluate(() => window.airlock.getState().walletCatalog.filteredWallets.length)
      await page.evaluate((selector) => (document.querySelector('airlock-modal').shadowRoot.querySelector(selector).scrollTop = 0), CATALOG_SCROLLER)
      await quiet()
      row.catalog = await measure(page, cdp, CATALOG_SCROLLER)
      if (measure === scrollFrames) row.catalogWheel = await wheelFrames(page, cdp, CATALOG_SCROLLER)
    } finally {
      await context.close()
    }
  }
  return row
}
