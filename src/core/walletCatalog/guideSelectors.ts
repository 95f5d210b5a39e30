/**
 * The wallet guide's list (issue 28 §4): the catalog's wallets a visitor can install, each with the
 * page to get it from. Featured first, then recommended, then the pages of All wallets loaded so
 * far; each wallet once, without the ones the site excluded (SPEC §4), and only those whose homepage
 * can be linked (https:, or http: on a loopback host: linkableUrl). The catalog's entries carry one
 * link to get a wallet, `homepage` (SPEC §7 /getWallets); each wallet's official site offers its
 * app-store, Play-store and browser-extension downloads for the visitor's device.
 */
import type { WalletEntry } from '../../events/shapes/wallet'
import type { WalletCatalogState } from './state'
import { isExcluded } from './visibility'
import { linkableUrl } from '../../validation/linkableUrl'

export interface GuideWallet {
  readonly wallet: WalletEntry
  /** Where to get it: its official site. */
  readonly href: string
}

/**
 * ```ts
 * guideWallets({ featured: [metaMask], recommended: [metaMask, rainbow], filteredWallets: [], excludedWallets: [] })
 * // [{ wallet: metaMask, href: 'https://metamask.io/' }, { wallet: rainbow, href: 'https://rainbow.me/' }]
 * ```
 */
export function guideWallets(catalog: Pick<WalletCatalogState, 'featured' | 'recommended' | 'filteredWallets' | 'excludedWallets'>): GuideWallet[] {
  const seen = new Set<string>()
  const out: GuideWallet[] = []
  for (const wallet of [...catalog.featured, ...catalog.recommended, ...catalog.filteredWallets]) {
    if (seen.has(wallet.id) || isExcluded(wallet, catalog.excludedWallets)) continue
    seen.add(wallet.id)
    const href = linkableUrl(wallet.homepage)
    if (href !== undefined) out.push({ wallet, href })
  }
  return out
}
