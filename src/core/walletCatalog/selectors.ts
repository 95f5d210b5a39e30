/**
 * Selectors over the wallet catalog slice. Each returns a value held in state, so the same state
 * gives the same reference and `useSyncExternalStore` does not loop.
 */
import type { RootState } from '../../kernel/registry'
import type { WalletEntry } from '../../events/shapes/wallet'
import type { WalletCatalogState } from './state'

/** The wallet catalog slice. `selectWalletCatalog(state).count` */
export function selectWalletCatalog(state: RootState): WalletCatalogState {
  return state.walletCatalog
}

/**
 * The all-wallets list to show: every page loaded, without the excluded wallets (SPEC §4).
 *
 * ```ts
 * selectWallets(kernel.getState()).map((w) => w.name)
 * ```
 */
export function selectWallets(state: RootState): readonly WalletEntry[] {
  return state.walletCatalog.filteredWallets
}

/** The results of the current search, empty when there is none. `selectSearchResults(state).length` */
export function selectSearchResults(state: RootState): readonly WalletEntry[] {
  return state.walletCatalog.search
}

/** The featured wallets, at most 4, in the site's order (SPEC §9). `selectFeaturedWallets(state)[0]?.name` */
export function selectFeaturedWallets(state: RootState): readonly WalletEntry[] {
  return state.walletCatalog.featured
}

/** The 4 recommended wallets (SPEC §9). `selectRecommendedWallets(state).length // 4` */
export function selectRecommendedWallets(state: RootState): readonly WalletEntry[] {
  return state.walletCatalog.recommended
}
