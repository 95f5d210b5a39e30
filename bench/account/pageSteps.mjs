// The bench's steps in the demo page: the synthetic answers routed to it (./synthetic.mjs),
// waiting for its requests to settle, opening it (its state dump hidden where frames are timed),
// connecting the Demo Wallet, reloading connected, closing the modal, and clickToFrame with a time
// limit that records the Account tabs each first open showed (`firstOpenTabs`).
import { clickToFrame } from '../shared.mjs'
import { DEFERRED_TABS } from './settings.mjs'

/** Answer the page's balance requests with `balances`; returns a counter of the requests answered. */
export async function routeBalances(page, balances) {
  const hits = { count: 0 }
  const body = JSON.stringify({ balances })
  await page.route('**/v1/account/*/balance*', (route) => {
    hits.count++
    return route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body })
  })
  return hits
}

export async function routeHistory(page, items) {
  const body = JSON.stringify({ data: items, next: null })
  await page.route('**/v1/account/*/history*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body }),
  )
}

// --- Page steps ---

/** Resolves once no request of `page` has been under way for `quietMs` (at most `timeoutMs`). */
export function requestsQuiet(page) {
  let inflight = 0
  let changed = Date.now()
  page.on('request', () => (inflight++, (changed = Date.now())))
  page.on('requestfinished', () => (inflight--, (changed = Date.now())))
  page.on('requestfailed', () => (inflight--, (changed = Date.now())))
  return async (quietMs = 500, timeoutMs = 15_000) => {
    const until = Date.now() + timeoutMs
    while ((inflight > 0 || Date.now() - changed < quietMs) && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
  }
}

export const connectedNow = () => window.airlock.getState().connection.connectedNamespaces.includes('eip155') && !window.airlock.getState().router.open

/**
 * The demo page prints its whole state as text (#state) on every change: with 1,000 balances,
 * ~450 KB laid out again in each frame the state changes. Hidden (display: none) where the bench
 * times frames, so the figures are the modal's, not the demo's debugging aid.
 */
export const hideStateDump = (page) => page.evaluate(() => (document.getElementById('state').style.display = 'none'))

export async function openDemo(page, stackUrl, query, { hideState = false } = {}) {
  // `app=none`: the demo page without its sample dApp (React in the first load), as measured before it.
  await page.goto(`${stackUrl}${query}&app=none`, { waitUntil: 'networkidle' })
  await page.getByText('Airlock is running').waitFor()
  if (hideState) await hideStateDump(page)
}

/** Connect the Demo Wallet (the modal's Connect view; the modal closes once connected). */
export async function connect(page) {
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Demo Wallet' }).click()
  await page.waitForFunction(connectedNow)
}

/** Reload: the page reconnects from storage without opening the modal, so the Account plugins are not loaded. */
export async function reloadConnected(page, quiet) {
  await page.reload({ waitUntil: 'networkidle' })
  await page.getByText('Airlock is running').waitFor()
  await hideStateDump(page)
  await page.waitForFunction(connectedNow)
  await quiet()
  const early = (await page.evaluate(() => window.airlock.loadedPlugins())).filter((id) => DEFERRED_TABS.includes(id))
  if (early.length > 0) throw new Error(`Account plugins loaded before the modal opened: ${early.join(', ')}`)
}

export async function closeModal(page, shown) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
  await page.waitForFunction(
    (shown) => !window.airlock.getState().router.open && !document.querySelector('airlock-modal')?.shadowRoot?.querySelector(shown),
    shown,
  )
}

/** The Account tabs in their order, the selected one marked: "*Tokens*, NFTs, Activity". */
export const tabOrder = (page) =>
  page.evaluate(() =>
    [...(document.querySelector('airlock-modal')?.shadowRoot?.querySelectorAll('[role=tab]') ?? [])]
      .map((tab) => (tab.getAttribute('aria-selected') === 'true' ? `*${tab.textContent}*` : tab.textContent))
      .join(', '),
  )

/** The tab order each first open showed (`tabOrder`), whether its Tokens row came or not. */
export const firstOpenTabs = []

/** clickToFrame, failing after `ms` instead of waiting forever; `firstOpen` records the tabs it showed. */
export async function clickToFrameWithin(page, options, { ms = 30_000, firstOpen = false } = {}) {
  let timer
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)))
  try {
    const shown = await Promise.race([clickToFrame(page, options), timeout])
    if (firstOpen) firstOpenTabs.push({ tabs: await tabOrder(page), shown: true })
    return shown
  } catch (error) {
    // Say what the modal showed instead.
    const tabs = await tabOrder(page).catch(() => '?')
    if (firstOpen) firstOpenTabs.push({ tabs, shown: false })
    const text = await page
      .evaluate(() => document.querySelector('airlock-modal')?.shadowRoot?.querySelector('[role=dialog]')?.textContent ?? 'no dialog')
      .catch(() => '?')
    throw new Error(`nothing shown within ${ms} ms (${error.message}): ${options.shown}; tabs: ${tabs}; the dialog said: ${text.slice(0, 300)}`)
  } finally {
    clearTimeout(timer)
  }
}
