/** The wallet catalog module, id `walletCatalog` (SPEC §3 wallet list state, §4 visibility, §7 /getWallets, §9 limits). */
import { defineModule } from '../../kernel/module'
import { initialWalletCatalogState, type WalletCatalogState } from './state'
import { reduceWalletCatalog } from './reducer'
import { loadWalletLists, loadWalletPages, searchWallets } from './effects'

/**
 * The wallet catalog: featured and recommended wallets at start, the paged all-wallets list and
 * search, from the provider configuration API.
 *
 * ```ts
 * createKernel({ modules: [walletCatalogModule], deps: defaultDeps() })
 * ```
 */
export const walletCatalogModule = defineModule<WalletCatalogState>({
  id: 'walletCatalog',
  initialState: initialWalletCatalogState,
  reduce: (draft, event) => reduceWalletCatalog(draft, event),
  effects: { loadWalletLists, loadWalletPages, searchWallets },
})
