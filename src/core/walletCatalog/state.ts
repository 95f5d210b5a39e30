/** The wallet catalog slice: SPEC §3 wallet list state, plus status and what it needs from the options. */
import type { WalletEntry } from '../../events/shapes/wallet'

/** What the catalog keeps from OPTIONS_INITIALIZED to build its /getWallets queries (SPEC §7). */
export interface WalletCatalogConfig {
  readonly projectId: string
  readonly includeWalletIds: readonly string[]
  readonly excludeWalletIds: readonly string[]
  readonly featuredWalletIds: readonly string[]
  /** CAIP-2 ids of the configured networks, sent as `chains`. */
  readonly chains: readonly string[]
}

export interface WalletCatalogState {
  /** The last page of the all-wallets list loaded; 0 before the first. */
  readonly page: number
  /** How many wallets the API has for this project's query. */
  readonly count: number
  readonly featured: readonly WalletEntry[]
  readonly recommended: readonly WalletEntry[]
  /** Every page loaded so far, in order, each wallet once. */
  readonly wallets: readonly WalletEntry[]
  /** The results of the current search; empty when there is none. */
  readonly search: readonly WalletEntry[]
  /** Ids or names the site excluded (excludeWalletIds); names match case-insensitively (SPEC §4). */
  readonly excludedWallets: readonly string[]
  /** `wallets` without the excluded ones (SPEC §4): the list to show. */
  readonly filteredWallets: readonly WalletEntry[]
  /** A page or a search is on its way. */
  readonly loading: boolean
  /** The message of the last failure, cleared by the next request. */
  readonly error: string | null
  /** A page of the all-wallets list is on its way. */
  readonly pageLoading: boolean
  /**
   * Why the last page failed to load (after its retries), cleared when a page is asked for
   * again. While it is set, only the visitor's retry loads a page: nothing asks on its own.
   */
  readonly pageError: string | null
  /** Why the last search failed, cleared by the next query or a retry. */
  readonly searchError: string | null
  /** Whether the featured and recommended lists are in (they load when the modal first opens). */
  readonly listsLoaded: boolean
  /** The search box's text, as typed. */
  readonly searchQuery: string
  /** From OPTIONS_INITIALIZED, or null before it. */
  readonly config: WalletCatalogConfig | null
}

export const initialWalletCatalogState: WalletCatalogState = {
  page: 0,
  count: 0,
  featured: [],
  recommended: [],
  wallets: [],
  search: [],
  excludedWallets: [],
  filteredWallets: [],
  loading: false,
  error: null,
  pageLoading: false,
  pageError: null,
  searchError: null,
  listsLoaded: false,
  searchQuery: '',
  config: null,
}

declare module '../../kernel/registry' {
  interface StateRegistry {
    walletCatalog: WalletCatalogState
  }
}
