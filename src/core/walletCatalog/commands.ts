/** Event builders for the wallet catalog. */
import { createEvent } from '../../kernel/registry'
import type { WalletPageRequested, WalletSearchChanged } from '../../events/walletCatalog'

/**
 * Ask for page `page` (from 1) of the all-wallets list (SPEC §9: 40 per page).
 *
 * ```ts
 * kernel.dispatch(requestWalletPage(selectWalletCatalog(kernel.getState()).page + 1))
 * ```
 */
export function requestWalletPage(page: number): WalletPageRequested {
  return createEvent('WALLET_PAGE_REQUESTED', { page })
}

/**
 * The search box changed. An empty query clears the search at once.
 *
 * ```ts
 * kernel.dispatch(changeWalletSearch('rain'))
 * ```
 */
export function changeWalletSearch(query: string): WalletSearchChanged {
  return createEvent('WALLET_SEARCH_CHANGED', { query })
}
