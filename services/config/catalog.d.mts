export interface CatalogWallet {
  id: string
  name: string
  homepage: string
  image_id: string
  rdns?: string
  mobile_link?: string
  desktop_link?: string
  webapp_link?: string
  chains: string[]
  badge_type?: string
}
export const WALLETS: CatalogWallet[]
export function walletId(name: string): string
export function syntheticWallets(n: number): CatalogWallet[]
export function walletHue(id: string): number
export function walletIcon(id: string, name: string): string
