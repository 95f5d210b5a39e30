/**
 * Selectors over the connection slice. Each returns a value held in state (or a shared constant),
 * so the same state gives the same reference and `useSyncExternalStore` does not loop.
 */
import type { RootState } from '../../kernel/registry'
import type { ChainNamespace, ConnectionStatus } from '../../events/shapes/namespace'
import type { DeepLinkChoice, WalletEntry } from '../../events/shapes/wallet'
import type { ConnectAttempt, ConnectPhase, Connection, ConnectionState } from './state'

const NO_CONNECTIONS: readonly Connection[] = Object.freeze([])

/** The connection slice. `selectConnection(state).wcUri` */
export function selectConnection(state: RootState): ConnectionState {
  return state.connection
}

/** SPEC §4 connection status. `selectConnectionStatus(state) // 'connecting'` */
export function selectConnectionStatus(state: RootState): ConnectionStatus {
  return state.connection.status
}

/** Whether a wallet is connected. `selectIsConnected(state) // true` */
export function selectIsConnected(state: RootState): boolean {
  return state.connection.status === 'connected'
}

/** The relay pairing URI, or null. `selectWcUri(state) // 'wc:…'` */
export function selectWcUri(state: RootState): string | null {
  return state.connection.wcUri
}

/** When the pairing URI expires (ms since the epoch), or null. `selectWcPairingExpiry(state)` */
export function selectWcPairingExpiry(state: RootState): number | null {
  return state.connection.wcPairingExpiry
}

/** The chosen mobile deep link, or null. `selectWcLinking(state)?.href` */
export function selectWcLinking(state: RootState): DeepLinkChoice | null {
  return state.connection.wcLinking
}

/** The wallet connected last, or null. `selectRecentWallet(state)?.name` */
export function selectRecentWallet(state: RootState): WalletEntry | null {
  return state.connection.recentWallet
}

/** Whether the QR view is waiting on the relay. `selectBuffering(state)` */
export function selectBuffering(state: RootState): boolean {
  return state.connection.buffering
}

/** Whether the relay connection failed. `selectWcError(state)` */
export function selectWcError(state: RootState): boolean {
  return state.connection.wcError
}

/** Namespaces connected now. `selectConnectedNamespaces(state) // ['eip155']` */
export function selectConnectedNamespaces(state: RootState): readonly ChainNamespace[] {
  return state.connection.connectedNamespaces
}

const connectionsSelectors = new Map<ChainNamespace, (state: RootState) => readonly Connection[]>()

/**
 * The live connections of a namespace (an empty shared list when none). The selector for a
 * namespace is created once, so it can be passed inline to a hook.
 *
 * ```ts
 * selectConnections('eip155')(state) // [{ connectorId: 'injected', accounts: [...] }]
 * ```
 */
export function selectConnections(namespace: ChainNamespace): (state: RootState) => readonly Connection[] {
  let selector = connectionsSelectors.get(namespace)
  if (!selector) {
    selector = (state) => state.connection.connections[namespace] ?? NO_CONNECTIONS
    connectionsSelectors.set(namespace, selector)
  }
  return selector
}

/** The latest connect request and its answer, or null. `selectConnectAttempt(state)?.phase // 'declined'` */
export function selectConnectAttempt(state: RootState): ConnectAttempt | null {
  return state.connection.connectAttempt
}

/**
 * What the connecting view for `connectorId` shows: `declined` or `failed` when the latest
 * request went through that connector and was answered so, else `pending`. A stale answer from an
 * older request, or from another connector, never shows: each visit comes with its own request,
 * and until that request is answered the view waits (SPEC §2 ConnectingExternal).
 *
 * ```ts
 * selectConnectPhase(state, 'io.metamask') // 'declined' after USER_REJECTED
 * selectConnectPhase(state, 'io.rabby') // 'pending'
 * ```
 */
export function selectConnectPhase(state: RootState, connectorId: string | undefined): ConnectPhase {
  const attempt = state.connection.connectAttempt
  return attempt !== null && attempt.connectorId === connectorId ? attempt.phase : 'pending'
}

/** One wallet connected in the active namespace, as the Account view and `useConnections` show it. */
export interface ConnectedWallet {
  readonly namespace: ChainNamespace
  readonly connectorId: string
  /** The connector's name, or its id when the connector is no longer listed. */
  readonly name: string
  readonly icon: string | undefined
  /** The wallet's account: the active account for the active wallet, else the one it exposed last. */
  readonly address: string | null
  /** Whether it is the namespace's active wallet (the one requests go to). */
  readonly active: boolean
}

const NO_WALLETS: readonly ConnectedWallet[] = Object.freeze([])

let lastWallets: { inputs: readonly unknown[]; wallets: readonly ConnectedWallet[] } | undefined

/**
 * The wallets connected in the active namespace (issue 28 §2: several wallets at once, one
 * active), in the order they connected. The same inputs give the same list (a hook's selector).
 *
 * ```ts
 * selectConnectedWallets(state) // [{ connectorId: 'io.metamask', active: false, … }, { connectorId: 'io.rabby', active: true, … }]
 * ```
 */
export function selectConnectedWallets(state: RootState): readonly ConnectedWallet[] {
  const namespace = state.networks.activeNamespace
  if (namespace === null || !state.connection.connectedNamespaces.includes(namespace)) return NO_WALLETS
  const list = state.connection.connections[namespace] ?? NO_CONNECTIONS
  const activeId = state.connectors.activeConnectorIds[namespace]
  const activeAddress = state.account.accounts[namespace].address
  const all = state.connectors.allConnectors
  const inputs = [namespace, list, activeId, activeAddress, all]
  if (lastWallets && lastWallets.inputs.every((value, i) => value === inputs[i])) return lastWallets.wallets
  const wallets = list.map((connection): ConnectedWallet => {
    const connector = all.find((c) => c.id === connection.connectorId)
    const active = connection.connectorId === activeId
    return {
      namespace,
      connectorId: connection.connectorId,
      name: connector?.name ?? connection.connectorId,
      icon: connector?.imageUrl,
      address: active ? activeAddress : (connection.accounts[0]?.address ?? null),
      active,
    }
  })
  lastWallets = { inputs, wallets: wallets.length === 0 ? NO_WALLETS : wallets }
  return lastWallets.wallets
}
