/** The wallet catalog module, id `walletCatalog` (SPEC §3 wallet list state, §4 visibility, §7 /getWallets, §9 limits). */
import { defineModule } from '../../kernel/module'
import type { PortDeps } from '../../ports/deps'
import { initialWalletCatalogState, type WalletCatalogState } from './state'
import { reduceWalletCatalog } from './reducer'
import { walletCatalogEffects } from './lazy'
import { retryWalletCatalog, showMoreWallets } from './commands'

/**
 * The wallet catalog: featured and recommended wallets when the modal opens, the paged
 * all-wallets list and search, from the injected `config` port (the site's config API, or the
 * bundled catalog when it set none).
 *
 * ```ts
 * createKernel({ modules: [routerModule, walletCatalogModule], deps, depsFor: (_m, d) => ({ ...d, config }) })
 * ```
 */
export const walletCatalogModule = defineModule<WalletCatalogState, PortDeps>({
  id: 'walletCatalog',
  initialState: initialWalletCatalogState,
  fold: (state, event) => reduceWalletCatalog(state, event),
  // Its effects are a chunk fetched at the first need (./lazy.ts).
  effects: { catalog: walletCatalogEffects() },
  commands: { showMoreWallets, retryWalletCatalog },
})
