/**
 * The walletCatalog module's Immer reducer as it was before its plain fold (issue 27 §1, src/core/walletCatalog/reducer.ts):
 * kept as tests/unit/lazyDraftCore.test.ts's reference, which checks the fold against it event by event.
 */
import { castDraft, type Draft } from 'immer'
import type { AirlockEvent } from '../../../src/kernel/registry'
import type { WalletEntry } from '../../../src/events/shapes/wallet'
import type { ResolvedOptions } from '../../../src/events/shapes/options'
import type { WalletCatalogConfig, WalletCatalogState } from '../../../src/core/walletCatalog/state'
import { withoutExcluded } from '../../../src/core/walletCatalog/visibility'

type CatalogDraft = Draft<WalletCatalogState>

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

/** Recompute the list to show after `wallets` or `excludedWallets` changed. */
function refilter(draft: CatalogDraft): void {
  const wallets = draft.wallets as readonly WalletEntry[]
  draft.filteredWallets = castDraft([...withoutExcluded(wallets, draft.excludedWallets)])
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
function canRequest(draft: CatalogDraft): boolean {
  return draft.config !== null && draft.config.projectId !== ''
}

/**
 * Fold one event into the wallet catalog slice. Pure; an event it does not handle leaves the
 * slice untouched (same reference). A failure keeps every list as it was.
 *
 * ```ts
 * produce(initialWalletCatalogState, (d) => reduceWalletCatalog(d, createEvent('WALLET_SEARCH_CHANGED', { query: '' })))
 * ```
 */
export function reduceWalletCatalog(draft: CatalogDraft, event: AirlockEvent): void {
  switch (event.type) {
    case 'OPTIONS_INITIALIZED': {
      const config = configFromOptions(event.payload.options)
      draft.config = castDraft(config)
      draft.excludedWallets = [...config.excludeWalletIds]
      // New options, new lists: they load again at the next opening.
      draft.listsLoaded = false
      refilter(draft)
      return
    }
    case 'WALLET_PAGE_REQUESTED': {
      if (!canRequest(draft) || !isPageNumber(event.payload.page)) return
      draft.loading = true
      draft.error = null
      draft.pageLoading = true
      draft.pageError = null
      return
    }
    case 'WALLET_PAGE_LOADED': {
      const { page, wallets, count } = event.payload
      draft.page = page
      draft.count = count
      draft.wallets = castDraft(appendUnique(draft.wallets as readonly WalletEntry[], wallets))
      draft.loading = false
      draft.pageLoading = false
      refilter(draft)
      return
    }
    case 'WALLET_LISTS_LOADED': {
      const { featured, recommended, count } = event.payload
      draft.featured = castDraft(featured)
      draft.recommended = castDraft(recommended)
      draft.listsLoaded = true
      // The pages' own count (which leaves out the wallets shown above the list) is the one that
      // tells the list whether more pages remain; the recommended query's count is only a start.
      if (draft.page === 0) draft.count = count
      return
    }
    case 'WALLET_CATALOG_FAILED': {
      const { message, request } = event.payload
      draft.loading = false
      draft.error = message
      if (request === 'page') {
        draft.pageLoading = false
        draft.pageError = message
      } else if (request === 'search') draft.searchError = message
      return
    }
    case 'WALLET_SEARCH_CHANGED': {
      const { query } = event.payload
      draft.searchQuery = query
      draft.searchError = null
      if (query.trim() === '') {
        // An empty query clears the search at once; the effect cancels any search on its way.
        if (draft.search.length > 0) draft.search = []
        draft.loading = false
        return
      }
      if (!canRequest(draft)) return
      draft.loading = true
      draft.error = null
      return
    }
    case 'WALLET_SEARCH_LOADED': {
      // An answer for a query the visitor has since changed is stale.
      if (event.payload.query !== draft.searchQuery) return
      draft.search = castDraft(event.payload.wallets)
      draft.loading = false
      draft.searchError = null
      return
    }
    default:
      return
  }
}
