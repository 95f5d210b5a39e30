export interface CatalogWallet {
  id: string
  name: string
  homepage: string
  image_id: string
  rdns?: string
  mobile_link?: string
  desktop_link?: string
  webapp_link?: string
  /** Its pages in the stores (issue 28 §4): browser extensions, Apple's App Store, Google Play. */
  chrome_store?: string
  firefox_store?: string
  edge_store?: string
  safari_store?: string
  app_store?: string
  play_store?: string
  chains: string[]
  badge_type?: string
}
export const WALLETS: CatalogWallet[]
export function walletId(name: string): string
export function syntheticWallets(n: number): CatalogWallet[]
export function walletHue(id: string): number
export function walletIcon(id: string, name: string): string
