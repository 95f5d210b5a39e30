/**
 * The headless API's data (issue 28 §3): what Connect lists and the plugins' connect methods, as
 * plain values a site renders with its own markup, and which connector a `connect(walletId)` or
 * `connect({ namespace })` means. Pure, so it is tested without a browser; the instance's
 * `connect`, `watchWallets` and `watchConnectMethods` read it in a chunk of their own
 * (src/airlock/headless.ts), and `airlock/react`'s `useWallets` and `useConnectMethods` through them.
 */
import type { RootState } from '../../kernel/registry'
import type { ConnectTarget, HeadlessConnectMethod, HeadlessWallet } from '../../ports/headless'
import type { WalletEntry } from '../../events/shapes/wallet'
import { WALLET_CONNECT_ID } from '../../events/shapes/connector'
import { isSafeImageUrl } from '../../validation/imageUrl'
import { memoOn } from '../memo'
import { connectEntries, type ConnectEntry } from './entrySelectors'
import { selectConnectSections } from './sectionSelectors'
import { isMobileBrowser } from './deepLinkRules'

export type { ConnectTarget, HeadlessConnectMethod, HeadlessWallet } from '../../ports/headless'

/** The connector types of a wallet in this browser. */
const INSTALLED = new Set(['INJECTED', 'ANNOUNCED', 'MULTI_CHAIN'])

/** A Connect entry as `HeadlessWallet`. */
export function headlessWallet(entry: ConnectEntry, configBase?: string): HeadlessWallet {
  if (entry.kind === 'wallet') {
    const icon = entry.wallet.image_url
    return {
      id: entry.wallet.id,
      name: entry.wallet.name,
      icon: isSafeImageUrl(icon, configBase) ? icon : undefined,
      installed: false,
      recent: entry.recent,
      kind: 'catalog',
    }
  }
  const { connector } = entry
  return {
    id: connector.id,
    name: connector.name,
    icon: isSafeImageUrl(connector.imageUrl) ? connector.imageUrl : undefined,
    installed: entry.installed,
    recent: false,
    kind: connector.type === 'WALLET_CONNECT' ? 'walletConnect' : 'connector',
  }
}

const walletSelectors = new Map<boolean, (state: RootState) => readonly HeadlessWallet[]>()

/**
 * Connect's entries in Connect's order (SPEC §4), as `HeadlessWallet`s: the same list the modal
 * shows on this kind of device. The same slices give the same array (a stable selector).
 *
 * ```ts
 * selectWallets(false)(airlock.getState()).map((w) => w.name) // ['WalletConnect', 'MetaMask', 'Rainbow']
 * ```
 */
export function selectWallets(isMobile: boolean): (state: RootState) => readonly HeadlessWallet[] {
  let selector = walletSelectors.get(isMobile)
  if (!selector) {
    selector = memoOn(
      (state: RootState) => [state.connectors, state.walletCatalog, state.storage, state.options] as const,
      (connectors, walletCatalog, storage, options) =>
        connectEntries({ connectors, walletCatalog, storage, options }, isMobile).map((entry) =>
          headlessWallet(entry, options.resolved?.apiUrls.config ?? undefined),
        ),
    )
    walletSelectors.set(isMobile, selector)
  }
  return selector
}

/**
 * `selectWallets` for the device of `nav` (a page's `navigator`; none on a server): a phone lists
 * the generic Browser Wallet, a desktop does not (SPEC §4).
 *
 * ```ts
 * airlock.select(selectWalletsFor(navigator))
 * ```
 */
export function selectWalletsFor(nav: Parameters<typeof isMobileBrowser>[0]): (state: RootState) => readonly HeadlessWallet[] {
  return selectWallets(isMobileBrowser(nav))
}

/**
 * The plugins' connect methods in Connect's method order (SPEC §4 "Connect-method order"); the
 * wallet group is the wallet list (`selectWallets`). Empty while no email or socials plugin runs.
 *
 * ```ts
 * selectConnectMethods(state).map((m) => m.group) // ['email', 'social']
 * ```
 */
export const selectConnectMethods: (state: RootState) => readonly HeadlessConnectMethod[] = memoOn(
  (state: RootState) => [selectConnectSections(state)] as const,
  (sections) =>
    sections.flatMap((section) =>
      section.group === 'wallet'
        ? []
        : section.methods.map((m) => ({ group: section.group as 'email' | 'social', id: m.id, moduleId: m.moduleId, view: m.view })),
    ),
)

/** What a connect target resolves to: the connector to ask, and the catalog wallet chosen, if one was. */
export interface ResolvedTarget {
  readonly connectorId: string
  readonly wallet?: WalletEntry
}

/**
 * Which connector `connect(target)` asks. A connector's id is itself; a catalog wallet's id (one
 * Connect or the catalog lists) connects through WalletConnect, whose pairing the site shows; a
 * namespace, its first installed wallet in Connect's order (desktop), else WalletConnect when on.
 * Undefined when nothing matches.
 *
 * ```ts
 * resolveConnectTarget(state, 'rainbow') // { connectorId: 'walletConnect', wallet: { id: 'rainbow', … } }
 * resolveConnectTarget(state, { namespace: 'eip155' }) // { connectorId: 'io.metamask' }
 * ```
 */
export function resolveConnectTarget(state: RootState, target: ConnectTarget): ResolvedTarget | undefined {
  const connectors = state.connectors.allConnectors
  const walletConnect = connectors.find((c) => c.id === WALLET_CONNECT_ID)
  if (typeof target === 'string') {
    if (connectors.some((c) => c.id === target)) return { connectorId: target }
    const { walletCatalog: catalog, storage, options } = state
    const wallet = [
      ...(storage.recentWallets ?? []),
      ...catalog.featured,
      ...(options.resolved?.customWallets ?? []),
      ...catalog.recommended,
      ...catalog.wallets,
    ].find((w) => w.id === target)
    return wallet && walletConnect ? { connectorId: walletConnect.id, wallet } : undefined
  }
  // The namespace's wallets in this browser (every connector, not only Connect's merged ones), in
  // the order Connect lists them by name; one Connect hides (the desktop Browser Wallet) comes last.
  const listed = connectEntries(state, false).map((entry) => (entry.kind === 'connector' ? entry.connector.name : entry.wallet.name))
  const rank = (name: string) => (listed.includes(name) ? listed.indexOf(name) : listed.length)
  const excluded = state.options.resolved?.excludeWalletIds ?? []
  const [first] = connectors
    .filter((c) => c.chain === target.namespace && INSTALLED.has(c.type) && !excluded.includes(c.id))
    .sort((a, b) => rank(a.name) - rank(b.name))
  if (first) return { connectorId: first.id }
  return walletConnect ? { connectorId: walletConnect.id } : undefined
}
