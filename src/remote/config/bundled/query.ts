/**
 * /getWallets answered from the bundled catalog, with the service's own rules (services/config
 * `queryWallets`): include, exclude, chains, search (case-insensitive, in the name), badge_type,
 * then the page. One difference: a wallet matches a requested chain when it supports that chain's
 * namespace, because wallets add any chain of a namespace they support (a site on zkSync still
 * sees MetaMask), and this list cannot know every chain a site may configure.
 */
import type { WalletEntry } from '../../../events/shapes/wallet'
import type { WalletsPage, WalletsQuery } from '../../../ports/configApi'
import type { BundledWallet } from './types'
import { monogramUrl } from './icon'

/** The longest search the service reads (services/config). */
const MAX_SEARCH = 100

const namespaceOf = (caipId: string): string => caipId.split(':')[0] ?? caipId

/** A bundled row as a catalog entry, its icon drawn as a data: URL. */
export function toWalletEntry(wallet: BundledWallet): WalletEntry {
  const { hue, chains, ...fields } = wallet
  return { ...fields, chains: [...chains], image_url: monogramUrl(hue, wallet.name) }
}

/**
 * One page of `wallets` for `query`, and how many match in all.
 *
 * ```ts
 * queryBundledWallets(BUNDLED_WALLETS, { page: 1, entries: 4, search: 'rain' }) // { data: [Rainbow], count: 1 }
 * ```
 */
export function queryBundledWallets(wallets: readonly BundledWallet[], query: WalletsQuery): WalletsPage {
  const include = query.include ?? []
  const exclude = new Set(query.exclude ?? [])
  const namespaces = new Set((query.chains ?? []).map(namespaceOf))
  const search = (query.search ?? '').trim().toLowerCase().slice(0, MAX_SEARCH)
  const badge = (query.badgeType ?? '').trim()
  const matching = wallets.filter(
    (wallet) =>
      (include.length === 0 || include.includes(wallet.id)) &&
      !exclude.has(wallet.id) &&
      (namespaces.size === 0 || wallet.chains.some((chain) => namespaces.has(namespaceOf(chain)))) &&
      (search === '' || wallet.name.toLowerCase().includes(search)) &&
      // No bundled wallet carries a badge, as no service-side review stands behind one.
      badge === '',
  )
  const page = Math.max(1, Math.floor(query.page))
  const entries = Math.max(1, Math.floor(query.entries))
  const start = (page - 1) * entries
  return { data: matching.slice(start, start + entries).map(toWalletEntry), count: matching.length }
}
