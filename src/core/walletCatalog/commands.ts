/**
 * The wallet catalog's commands: pure functions of the state that return the events to dispatch.
 * They hold the decisions of when a page loads, so no view decides it and nothing loads twice or
 * in a loop: a command run on the state at its turn sees a page already on its way, or a failure
 * only the visitor's retry may answer.
 */
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import type { WalletSearchChanged } from '../../events/walletCatalog'
import { selectIsOpen, selectView } from '../router/selectors'
import { View } from '../router/views'
import { PAGE_SIZE } from './limits'
import type { WalletCatalogState } from './state'

/** Whether the catalog may ask at all: SPEC §5, no call without a project id. */
export function canRequestCatalog(slice: WalletCatalogState): boolean {
  return slice.config !== null && slice.config.projectId !== ''
}

const page = (n: number): AirlockEvent[] => [createEvent('WALLET_PAGE_REQUESTED', { page: n })]

/**
 * Page 1 of the all-wallets list, when the All wallets view is showing and no page is in or on
 * its way. A page that failed is asked for again: showing the view again is a new attempt.
 *
 * ```ts
 * loadFirstWalletPage(state) // [WALLET_PAGE_REQUESTED { page: 1 }] on AllWallets with no page yet, else []
 * ```
 */
export function loadFirstWalletPage(state: RootState): AirlockEvent[] {
  const slice = state.walletCatalog
  if (!selectIsOpen(state) || selectView(state) !== View.AllWallets) return []
  if (!canRequestCatalog(slice) || slice.page > 0 || slice.pageLoading) return []
  return page(1)
}

/**
 * The view's list reached its end: the next page, if more remain, none is on its way, no search
 * is showing, and the last page did not fail (then only `retryWalletCatalog` asks again, so a
 * list that re-renders cannot loop on a failing service).
 *
 * ```ts
 * showMoreWallets(state) // [WALLET_PAGE_REQUESTED { page: 3 }] after 2 pages of 40 out of 130
 * ```
 */
export function showMoreWallets(state: RootState): AirlockEvent[] {
  const slice = state.walletCatalog
  if (!canRequestCatalog(slice) || slice.pageLoading || slice.pageError !== null || slice.searchQuery.trim() !== '') return []
  if (slice.page === 0 || slice.page * PAGE_SIZE >= slice.count) return []
  return page(slice.page + 1)
}

/**
 * The visitor's retry after a failure: the search again when a search failed, else the page that
 * failed (or the first, when none has loaded).
 *
 * ```ts
 * retryWalletCatalog(state) // [WALLET_PAGE_REQUESTED { page: 1 }] after page 1 failed
 * ```
 */
export function retryWalletCatalog(state: RootState): AirlockEvent[] {
  const slice = state.walletCatalog
  if (!canRequestCatalog(slice)) return []
  if (slice.searchQuery.trim() !== '') return slice.searchError !== null ? [changeWalletSearch(slice.searchQuery)] : []
  if (slice.pageLoading || (slice.page > 0 && slice.pageError === null)) return []
  return page(slice.page + 1)
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
