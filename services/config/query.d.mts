import type { CatalogWallet } from './catalog.mjs'
export const DEFAULT_FEATURES: { id: string; isEnabled: boolean; config?: string[] | null }[]
export const MAX_ENTRIES: number
export const MAX_PAGE: number
export function queryWallets(wallets: CatalogWallet[], query: Record<string, string | undefined>): { data: CatalogWallet[]; count: number }
