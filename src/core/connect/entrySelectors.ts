/**
 * What the Connect view lists, in order: the SPEC §4 connector order (default or configured),
 * with the wallet visibility rules applied (Browser Wallet, exclusions, duplicates of recent or
 * announced wallets). Pure, so it is tested without a browser.
 */
import type { RootState } from '../../kernel/registry'
import type { Connector } from '../../events/shapes/connector'
import type { WalletEntry } from '../../events/shapes/wallet'
import type { ResolvedOptions } from '../../events/shapes/options'
import { connectorOrder } from '../connectors/order'
import { showBrowserWallet, visibleWallets, type WalletLike } from '../walletCatalog/visibility'
import { memoOn } from '../memo'

export type ConnectEntry =
  | { readonly kind: 'connector'; readonly key: string; readonly connector: Connector; readonly installed: boolean }
  | { readonly kind: 'wallet'; readonly key: string; readonly wallet: WalletEntry; readonly recent: boolean }

/** The slices Connect's list is derived from. */
export type ConnectInput = Pick<RootState, 'connectors' | 'walletCatalog' | 'storage' | 'options'>

/** Whether the site excluded a connector, by id or by case-insensitive name (SPEC §4). */
function excludedConnector(connector: Connector, excluded: readonly string[]): boolean {
  return excluded.includes(connector.id) || excluded.some((e) => e.toLowerCase() === connector.name.toLowerCase())
}

/**
 * The installed wallets Connect shows: injected and announced connectors the site did not exclude.
 *
 * ```ts
 * installedConnectors(state).map((c) => c.name) // ['MetaMask']
 * ```
 */
export function installedConnectors(state: ConnectInput): Connector[] {
  const excluded = state.options.resolved?.excludeWalletIds ?? []
  return state.connectors.connectors.filter((c) => isInstalled(c) && !excludedConnector(c, excluded))
}

/** A wallet in this browser: injected, announced, or one such wallet in several namespaces (MULTI_CHAIN). */
const isInstalled = (c: Connector): boolean => c.type === 'INJECTED' || c.type === 'ANNOUNCED' || c.type === 'MULTI_CHAIN'

/**
 * The entries of Connect, in order, each once.
 *
 * ```ts
 * connectEntries(state, false).map((e) => e.key) // ['c:walletConnect', 'c:io.metamask', 'w:rainbow']
 * ```
 */
export function connectEntries(state: ConnectInput, isMobile: boolean): ConnectEntry[] {
  const options: ResolvedOptions | null = state.options.resolved
  const connectors = state.connectors.connectors
  const installed = connectors.filter(isInstalled)
  const recent = state.storage.recentWallets ?? []
  const excluded = options?.excludeWalletIds ?? []
  const announced: WalletLike[] = installed.map((c) => ({ id: c.id, name: c.name, rdns: c.rdns, explorerId: c.explorerId }))
  const context = { isMobile, hasInstalledWallet: installed.length > 0, excluded, recent: [] as WalletLike[], announced }

  const groups: Record<string, ConnectEntry[]> = {
    walletConnect: connectors.filter((c) => c.type === 'WALLET_CONNECT').map((c) => ({ kind: 'connector', key: `c:${c.id}`, connector: c, installed: false })),
    recent: visibleWallets(recent, context).map((w) => ({ kind: 'wallet', key: `w:${w.id}`, wallet: w, recent: true })),
    // SPEC §4: the generic Browser Wallet only on mobile (and there only with an rdns or an installed wallet).
    injected: installedConnectors(state)
      .filter((c) => showBrowserWallet(c, context))
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

const selectors = new Map<boolean, (state: RootState) => readonly ConnectEntry[]>()

/**
 * The Connect entries as a stable selector, one per kind of device: the same slices give the same
 * array.
 *
 * ```ts
 * useAirlockState(selectConnectEntries(isMobile))
 * ```
 */
export function selectConnectEntries(isMobile: boolean): (state: RootState) => readonly ConnectEntry[] {
  let selector = selectors.get(isMobile)
  if (!selector) {
    selector = memoOn(
      (state: RootState) => [state.connectors, state.walletCatalog, state.storage, state.options] as const,
      (connectors, walletCatalog, storage, options) => connectEntries({ connectors, walletCatalog, storage, options }, isMobile),
    )
    selectors.set(isMobile, selector)
  }
  return selector
}
