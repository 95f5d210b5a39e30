import type { CatalogWallet } from './catalog.mjs'
export const DEFAULT_FEATURES: { id: string; isEnabled: boolean; config?: string[] | null }[]
export const MAX_ENTRIES: number
export const MAX_PAGE: number
export function queryWallets(wallets: CatalogWallet[], query: Record<string, string | undefined>): { data: CatalogWallet[]; count: number }
export function startConfigService(options?: {
  port?: number
  wallets?: CatalogWallet[]
  features?: { id: string; isEnabled: boolean; config?: string[] | null }[]
  allowedOrigins?: string[]
  corsOrigins?: string[]
}): Promise<{ url: string; port: number; close(): Promise<void> }>
