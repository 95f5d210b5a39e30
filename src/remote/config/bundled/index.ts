/**
 * The bundled wallet catalog: a chunk of its own, imported dynamically by the config client only
 * when a site without a config API needs the catalog (the modal opened), never in the first load.
 */
import type { WalletsPage, WalletsQuery } from '../../../ports/configApi'
import { BUNDLED_WALLETS } from './wallets'
import { queryBundledWallets } from './query'

/**
 * /getWallets over the bundled catalog.
 *
 * ```ts
 * const { bundledWallets } = await import('./bundled/index')
 * bundledWallets({ page: 1, entries: 40 }).count // 38
 * ```
 */
export function bundledWallets(query: WalletsQuery): WalletsPage {
  return queryBundledWallets(BUNDLED_WALLETS, query)
}
