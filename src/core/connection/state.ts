/** The connection slice (SPEC §3 connection state, §4 connection status). */
import type { ChainNamespace, ConnectionStatus } from '../../events/shapes/namespace'
import type { DeepLinkChoice, WalletEntry } from '../../events/shapes/wallet'

/** One live connection: a connector and the accounts it exposes. */
export interface Connection {
  readonly connectorId: string
  readonly accounts: readonly { readonly address: string }[]
}

/** Where a connect request stands: waiting for the wallet, or answered with a refusal (4001) or a failure. */
export type ConnectPhase = 'pending' | 'declined' | 'failed'

/** The latest connect request (CONNECT_REQUESTED) and its answer so far. */
export interface ConnectAttempt {
  readonly connectorId: string
  readonly phase: ConnectPhase
}

export interface ConnectionState {
  /** Live connections per namespace; a disconnected namespace has none. */
  readonly connections: Readonly<Partial<Record<ChainNamespace, readonly Connection[]>>>
  /** The relay pairing URI shown as a QR code or opened as a deep link. */
  readonly wcUri: string | null
  /** When the pairing URI expires, in ms since the epoch. */
  readonly wcPairingExpiry: number | null
  /** The deep link the visitor chose for a mobile wallet. */
  readonly wcLinking: DeepLinkChoice | null
  readonly recentWallet: WalletEntry | null
  readonly status: ConnectionStatus
  readonly buffering: boolean
  readonly wcError: boolean
  /**
   * Namespaces connected since start. Kept here (not read from another slice) so that a
   * disconnect knows whether it removed the last one (SPEC §4).
   */
  readonly connectedNamespaces: readonly ChainNamespace[]
  /**
   * Namespaces storage says were connected, while their connection is being restored at start.
   * Status stays `connecting` until each one connects or its check fails.
   */
  readonly restoringNamespaces: readonly ChainNamespace[]
  /**
   * The latest connect request and its answer, so that the connecting view shows the answer to
   * the request for its connector. Null before any request and once the request connected. A
   * disconnect or a reset leaves it: they do not cancel a request in flight, whose answer must
   * still land, and a settled answer only shows for its connector until the next request.
   */
  readonly connectAttempt: ConnectAttempt | null
}

export const initialConnectionState: ConnectionState = {
  connections: {},
  wcUri: null,
  wcPairingExpiry: null,
  wcLinking: null,
  recentWallet: null,
  status: 'disconnected',
  buffering: false,
  wcError: false,
  connectedNamespaces: [],
  restoringNamespaces: [],
  connectAttempt: null,
}

declare module '../../kernel/registry' {
  interface StateRegistry {
    connection: ConnectionState
  }
}
