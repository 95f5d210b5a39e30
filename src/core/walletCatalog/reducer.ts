/**
 * The wallet catalog reducer: SPEC §3 wallet list state from the catalog's events. A plain fold
 * (the module's `fold`, no Immer draft: issue 27 §1): new objects along what changed, the same
 * reference when nothing did.
 */
import { patch } from '../../kernel/patch'
import type { AirlockEvent } from '../../kernel/registry'
import type { WalletEntry } from '../../events/shapes/wallet'
import type { ResolvedOptions } from '../../events/shapes/options'
import type { WalletCatalogConfig, WalletCatalogState } from './state'
import { withoutExcluded } from './visibility'

type S = WalletCatalogState

/**
 * What the catalog keeps of the options to build its queries.
 *
 * ```ts
 * configFromOptions(options).chains // ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']
 * ```
 */
export function configFromOptions(options: ResolvedOptions): WalletCatalogConfig {
  return {
    projectId: options.projectId,
    includeWalletIds: options.includeWalletIds,
    excludeWalletIds: options.excludeWalletIds,
    featuredWalletIds: options.featuredWalletIds,
    chains: options.networks.map((network) => network.caipNetworkId),
  }
}

/**
 * `current` followed by the wallets of `added` it does not hold yet, each id once.
 *
 * ```ts
 * appendUnique([{ id: 'a', name: 'A' }], [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }]) // a, b
 * ```
 */
export function appendUnique(current: readonly WalletEntry[], added: readonly WalletEntry[]): WalletEntry[] {
  const seen = new Set(current.map((wallet) => wallet.id))
  const result = [...current]
  for (const wallet of added) {
    if (seen.has(wallet.id)) continue
    seen.add(wallet.id)
    result.push(wallet)
  }
  return result
}

/** The slice with the list to show recomputed, after `wallets` or `excludedWallets` changed. */
function refilter(state: S): S {
  return { ...state, filteredWallets: [...withoutExcluded(state.wallets, state.excludedWallets)] }
}

/**
 * Whether `page` is a page number the API knows: a whole number from 1.
 *
 * ```ts
 * isPageNumber(2) // true
 * isPageNumber(0) // false
 * ```
 */
export function isPageNumber(page: number): boolean {
  return Number.isSafeInteger(page) && page >= 1
}

/** Whether the catalog can ask the API at all: SPEC §5, no call without a project id. */
function canRequest(state: S): boolean {
  return state.config !== null && state.config.projectId !== ''
}

/**
 * Fold one event into the wallet catalog slice. Pure; an event it does not handle leaves the
 * slice untouched (same reference). A failure keeps every list as it was.
 *
 * ```ts
 * reduceWalletCatalog(initialWalletCatalogState, createEvent('WALLET_SEARCH_CHANGED', { query: '' })) // initialWalletCatalogState
 * ```
 */
export function reduceWalletCatalog(state: S, event: AirlockEvent): S {
  switch (event.type) {
    case 'OPTIONS_INITIALIZED': {
      const config = configFromOptions(event.payload.options)
      // New options, new lists: they load again at the next opening.
      return refilter({ ...state, config, excludedWallets: [...config.excludeWalletIds], listsLoaded: false })
    }
    case 'WALLET_PAGE_REQUESTED':
      if (!canRequest(state) || !isPageNumber(event.payload.page)) return state
      return patch(state, { loading: true, error: null, pageLoading: true, pageError: null })
    case 'WALLET_PAGE_LOADED': {
      const { page, count, wallets } = event.payload
      return refilter({ ...state, page, count, wallets: appendUnique(state.wallets, wallets), loading: false, pageLoading: false })
    }
    case 'WALLET_LISTS_LOADED': {
      const { featured, recommended, count } = event.payload
      const next = patch(state, { featured, recommended, listsLoaded: true })
      // The pages' own count (which leaves out the wallets shown above the list) is the one that
      // tells the list whether more pages remain; the recommended query's count is only a start.
      return next.page === 0 ? patch(next, { count }) : next
    }
    case 'WALLET_CATALOG_FAILED': {
      const { message, request } = event.payload
      const next = patch(state, { loading: false, error: message })
      if (request === 'page') return patch(next, { pageLoading: false, pageError: message })
      return request === 'search' ? patch(next, { searchError: message }) : next
    }
    case 'WALLET_SEARCH_CHANGED': {
      const { query } = event.payload
      const next = patch(state, { searchQuery: query, searchError: null })
      if (query.trim() === '') {
        // An empty query clears the search at once; the effect cancels any search on its way.
        return patch(next, { search: next.search.length > 0 ? [] : next.search, loading: false })
      }
      return canRequest(next) ? patch(next, { loading: true, error: null }) : next
    }
    case 'WALLET_SEARCH_LOADED':
      // An answer for a query the visitor has since changed is stale.
      if (event.payload.query !== state.searchQuery) return state
      return patch(state, { search: event.payload.wallets, loading: false, searchError: null })
    default:
      return state
  }
}
