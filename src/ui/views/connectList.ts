/**
 * What the Connect view lists, in order: the SPEC §4 connector order (default or configured),
 * with the wallet visibility rules applied (Browser Wallet, exclusions, duplicates of recent or
 * announced wallets). Pure, so it is tested without a browser.
 */
import type { RootState } from '../../kernel/registry'
import type { Connector } from '../../events/shapes/connector'
import type { WalletEntry } from '../../events/shapes/wallet'
import { connectorOrder } from '../../core/connectors/order'
import { visibleWallets, type WalletLike } from '../../core/walletCatalog/visibility'

export type ConnectEntry =
  | { readonly kind: 'connector'; readonly key: string; readonly connector: Connector; readonly installed: boolean }
  | { readonly kind: 'wallet'; readonly key: string; readonly wallet: WalletEntry; readonly recent: boolean }

export function connectEntries(state: RootState, isMobile: boolean): ConnectEntry[] {
  const options = state.options.resolved
  const connectors = state.connectors.connectors
  const installed = connectors.filter((c) => c.type === 'INJECTED' || c.type === 'ANNOUNCED')
  const recent = state.storage.recentWallets ?? []
  const excluded = options?.excludeWalletIds ?? []
  const announced: WalletLike[] = installed.map((c) => ({ id: c.id, name: c.name, rdns: c.rdns, explorerId: c.explorerId }))
  const context = { isMobile, hasInstalledWallet: installed.length > 0, excluded, recent: [] as WalletLike[], announced }

  const groups: Record<string, ConnectEntry[]> = {
    walletConnect: connectors.filter((c) => c.type === 'WALLET_CONNECT').map((c) => ({ kind: 'connector', key: `c:${c.id}`, connector: c, installed: false })),
    recent: visibleWallets(recent, context).map((w) => ({ kind: 'wallet', key: `w:${w.id}`, wallet: w, recent: true })),
    injected: installed
      .filter((c) => !excluded.includes(c.id) && !excluded.some((e) => e.toLowerCase() === c.name.toLowerCase()))
      .map((c) => ({ kind: 'connector', key: `c:${c.id}`, connector: c, installed: true })),
    featured: visibleWallets(state.walletCatalog.featured, { ...context, recent }).map((w) => ({ kind: 'wallet', key: `w:${w.id}`, wallet: w, recent: false })),
    custom: visibleWallets(options?.customWallets ?? [], { ...context, recent }).map((w) => ({ kind: 'wallet', key: `w:${w.id}`, wallet: w, recent: false })),
    external: connectors.filter((c) => c.type === 'EXTERNAL').map((c) => ({ kind: 'connector', key: `c:${c.id}`, connector: c, installed: false })),
    recommended: visibleWallets(state.walletCatalog.recommended, { ...context, recent }).map((w) => ({
      kind: 'wallet',
      key: `w:${w.id}`,
      wallet: w,
      recent: false,
    })),
  }
  const order = connectorOrder({
    configured: options?.connectorTypeOrder,
    walletConnectEnabled: options?.enableWalletConnect ?? true,
    connectedThroughWalletConnect: Object.values(state.connectors.activeConnectorIds).some(
      (id) => id !== null && groups.walletConnect?.some((e) => e.key === `c:${id}`),
    ),
  })
  const seen = new Set<string>()
  const entries: ConnectEntry[] = []
  for (const group of order) {
    for (const entry of groups[group] ?? []) {
      // A wallet in an earlier group (recent before featured, say) is not listed twice.
      if (seen.has(entry.key)) continue
      seen.add(entry.key)
      entries.push(entry)
    }
  }
  return entries
}
