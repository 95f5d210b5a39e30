/**
 * The wallet guide's list (issue 28 §4): the catalog's wallets a visitor can install, each with the
 * pages to get it from. Featured first, then recommended, then the pages of All wallets loaded so
 * far; each wallet once, without the ones the site excluded (SPEC §4). Each wallet's store pages
 * (browser extensions, App Store, Google Play; the catalog's codec keeps https: ones), in the
 * stores' order (STORE_FIELDS); a wallet with none is linked to its homepage (https:, or http: on
 * a loopback host: linkableUrl) instead, and one with neither is left out.
 */
import type { StoreLinks, WalletEntry } from '../../events/shapes/wallet'
import { STORE_FIELDS, type StoreField } from '../../events/shapes/storeFields'
import type { WalletCatalogState } from './state'
import { isExcluded } from './visibility'
import { linkableUrl } from '../../validation/linkableUrl'

export interface GuideStoreLink {
  readonly store: StoreField
  readonly href: string
}

export interface GuideWallet {
  readonly wallet: WalletEntry
  /** Its store pages, in STORE_FIELDS' order (extensions, then phones); empty when the catalog gives none. */
  readonly stores: readonly GuideStoreLink[]
  /** Where to get it when it has no store page: its official site. */
  readonly href: string | undefined
}

/** A store link the guide may open: https: only (stores are public sites), checked again as the link is drawn. */
const storeHref = (url: string | undefined): string | undefined => {
  const href = linkableUrl(url)
  return href?.startsWith('https:') ? href : undefined
}

/**
 * ```ts
 * guideWallets({ featured: [metaMask], recommended: [metaMask, safe], filteredWallets: [], excludedWallets: [] })
 * // [{ wallet: metaMask, stores: [{ store: 'chrome_store', href: 'https://chrome.google.com/…' }, …], href: undefined },
 * //  { wallet: safe, stores: [], href: 'https://safe.global/' }]
 * ```
 */
export function guideWallets(
  catalog: Pick<WalletCatalogState, 'featured' | 'recommended' | 'filteredWallets' | 'excludedWallets'>,
  /** Store pages by wallet name for entries that carry none (the bundled catalog's, src/ui/views/guideStores.ts). */
  storesByName: Readonly<Record<string, StoreLinks>> = {},
): GuideWallet[] {
  const seen = new Set<string>()
  const out: GuideWallet[] = []
  for (const wallet of [...catalog.featured, ...catalog.recommended, ...catalog.filteredWallets]) {
    if (seen.has(wallet.id) || isExcluded(wallet, catalog.excludedWallets)) continue
    seen.add(wallet.id)
    const stores = STORE_FIELDS.flatMap((store) => {
      const href = storeHref(wallet[store] ?? (Object.hasOwn(storesByName, wallet.name) ? storesByName[wallet.name]?.[store] : undefined))
      return href === undefined ? [] : [{ store, href }]
    })
    const href = stores.length === 0 ? linkableUrl(wallet.homepage) : undefined
    if (stores.length > 0 || href !== undefined) out.push({ wallet, stores, href })
  }
  return out
}
