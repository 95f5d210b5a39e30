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
