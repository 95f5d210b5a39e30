/**
 * The connection reducer: SPEC §4 connection status rules. A plain fold (the module's `fold`, no
 * Immer draft: issue 27 §1): new objects along what changed, the same reference when nothing did.
 */
import { patch } from '../../kernel/patch'
import { withConnection, withoutConnections } from './connectionList'
import type { AirlockEvent } from '../../kernel/registry'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { ConnectionState, ConnectPhase } from './state'

type S = ConnectionState

/** A list without a namespace (or without any, for null): the same list when it did not hold it. */
function removeNamespace(list: readonly ChainNamespace[], namespace: ChainNamespace | null): readonly ChainNamespace[] {
  if (namespace === null) return list.length > 0 ? [] : list
  const index = list.indexOf(namespace)
  return index < 0 ? list : list.filter((_, i) => i !== index)
}

/** A list with a namespace added at the end, unless it holds it. */
function addNamespace(list: readonly ChainNamespace[], namespace: ChainNamespace): readonly ChainNamespace[] {
  return list.includes(namespace) ? list : [...list, namespace]
}

/** The namespace gone from the connected (when `connected`) and the restoring lists. */
function forget(state: S, namespace: ChainNamespace | null, connected: boolean): S {
  return patch(state, {
    connectedNamespaces: connected ? removeNamespace(state.connectedNamespaces, namespace) : state.connectedNamespaces,
    restoringNamespaces: removeNamespace(state.restoringNamespaces, namespace),
  })
}

/** The namespace is connected: status connected, connected and no longer being restored. */
function connect(state: S, namespace: ChainNamespace): S {
  return patch(state, {
    status: 'connected',
    connectedNamespaces: addNamespace(state.connectedNamespaces, namespace),
    restoringNamespaces: removeNamespace(state.restoringNamespaces, namespace),
  })
}

/** The connections with `connectorId`'s set (see connectionList.ts). */
const held = (state: S, namespace: ChainNamespace, connectorId: string, address?: string): S =>
  patch(state, { connections: withConnection(state.connections, namespace, connectorId, address) })

/** The connections without the namespace's (or one wallet's). */
const dropped = (state: S, namespace: ChainNamespace | null, connectorId?: string): S =>
  patch(state, { connections: withoutConnections(state.connections, namespace, connectorId) })

/** Nothing is connected and nothing is still being restored. */
function nothingLeft(state: S): boolean {
  return state.connectedNamespaces.length === 0 && state.restoringNamespaces.length === 0
}

/** A connect or pairing that failed: connected where another namespace is, else disconnected unless one is still being restored. */
function endConnecting(state: S): S {
  if (state.connectedNamespaces.length > 0) return patch(state, { status: 'connected' })
  return nothingLeft(state) ? patch(state, { status: 'disconnected' }) : state
}

/**
 * Fold one event into the connection slice. Pure; an event it does not handle leaves the slice
 * untouched (same reference). The relay pairing (SPEC §3) is one event per transition
 * (WC_PAIRING_STARTED, _OFFERED, _APPROVED, _FAILED), and the status follows from them.
 *
 * ```ts
 * reduceConnection(initialConnectionState, createEvent('WC_PAIRING_FAILED', {})).wcError // true
 * ```
 */
export function reduceConnection(state: S, event: AirlockEvent): S {
  switch (event.type) {
    case 'STORAGE_HYDRATED': {
      // SPEC §4: at start the status is connecting if the stored status is connected.
      const { values } = event.payload
      if (values.connectionStatus !== 'connected' || state.status !== 'disconnected') return state
      const stored = values.connectedNamespaces ?? []
      return { ...state, status: 'connecting', restoringNamespaces: stored.filter((ns, i) => stored.indexOf(ns) === i) }
    }
    case 'CONNECT_STARTED':
      return patch(state, { status: 'connecting' })
    case 'CONNECT_SUCCESS': {
      // SPEC §4: finalising a connection saves the deep link and the recent wallet.
      const { namespace, deepLink, wallet, connectorId, caipAddress } = event.payload
      // Several wallets at once (issue 28 §2): the namespace's other wallets stay connected.
      let next = held(connect(state, namespace), namespace, connectorId, caipAddress)
      if (deepLink !== undefined) next = patch(next, { wcLinking: deepLink })
      if (wallet !== undefined) next = patch(next, { recentWallet: wallet })
      // The request through this connector is answered; one through another is still waiting.
      return next.connectAttempt?.connectorId === connectorId ? { ...next, connectAttempt: null } : next
    }
    case 'CONNECT_REQUESTED': {
      // A new request replaces the one before (the connect effects switch to it): its answer is
      // what the connecting view waits for, not an older request's.
      const { connectorId } = event.payload
      const attempt = state.connectAttempt
      if (attempt?.connectorId === connectorId && attempt.phase === 'pending') return state
      return { ...state, connectAttempt: { connectorId, phase: 'pending' } }
    }
    case 'USER_REJECTED':
    case 'CONNECT_ERROR': {
      // Neither names its connector: it answers the latest request (the last answer wins, as the
      // view showed before this moved here). With none made, or once it connected, nothing changes.
      const phase: ConnectPhase = event.type === 'USER_REJECTED' ? 'declined' : 'failed'
      const attempt = state.connectAttempt
      const next = attempt && attempt.phase !== phase ? { ...state, connectAttempt: { ...attempt, phase } } : state
      // A failed connect ends its connecting (CONNECT_STARTED began it) as a failed pairing does.
      return next.status === 'connecting' ? endConnecting(next) : next
    }
    case 'CONNECTION_RESTORED':
      return held(connect(state, event.payload.namespace), event.payload.namespace, event.payload.connectorId)
    case 'CONNECTION_HELD':
      // Another wallet of a namespace being restored or connected: held beside the active one.
      return held(state, event.payload.namespace, event.payload.connectorId, event.payload.address)
    case 'ACTIVE_CONNECTION_CHANGED':
      return held(state, event.payload.namespace, event.payload.connectorId, event.payload.caipAddress)
    case 'CONNECTION_REMOVED':
      return dropped(state, event.payload.namespace, event.payload.connectorId)
    case 'CONNECTION_RESET': {
      // SPEC §4: reset returns to disconnected and clears the uri, pairing expiry, link and recent
      // wallet. Transactions are cleared by their plugin. Our reading for a reset of one namespace
      // while another stays connected (a visitor on EVM and Solana who leaves Solana): the status
      // stays connected, as DISCONNECT_SUCCESS of one namespace keeps it.
      const { namespace } = event.payload
      // A reset ends every wallet of the namespace, also after a disconnect that gave up.
      const next = dropped(forget(state, namespace, true), namespace)
      return patch(next, {
        status: namespace !== null && next.connectedNamespaces.length > 0 ? 'connected' : 'disconnected',
        wcUri: null,
        wcPairingExpiry: null,
        wcLinking: null,
        recentWallet: null,
        buffering: false,
        wcError: false,
      })
    }
    case 'DISCONNECT_SUCCESS': {
      const { namespace } = event.payload
      const next = dropped(forget(state, namespace, true), namespace)
      // Disconnected only when that was the last connected namespace (or all were asked).
      return namespace === null || nothingLeft(next) ? patch(next, { status: 'disconnected' }) : next
    }
    case 'CONNECTION_CHECK_FAILED': {
      // A failed check at start ends the restore of that namespace; with none left, disconnected.
      const next = dropped(forget(state, event.payload.namespace, false), event.payload.namespace)
      return next.status === 'connecting' && nothingLeft(next) ? patch(next, { status: 'disconnected' }) : next
    }
    case 'WC_PAIRING_STARTED':
      return patch(state, { status: 'connecting', wcError: false, wcLinking: null, buffering: true })
    case 'WC_PAIRING_OFFERED':
      return patch(state, { wcUri: event.payload.uri, wcPairingExpiry: event.payload.expiry, buffering: false })
    case 'WC_PAIRING_FAILED':
    case 'WC_PAIRING_APPROVED': {
      // A failed pairing's view shows the error instead of a spinner or a spent code. Its
      // connecting ends (WC_PAIRING_STARTED began it): connected on another namespace, else
      // disconnected unless one is still being restored. An approval's CONNECT_SUCCESS connects.
      const next = event.type === 'WC_PAIRING_FAILED' ? endConnecting(patch(state, { wcError: true })) : state
      return patch(next, { wcUri: null, wcPairingExpiry: null, buffering: false })
    }
    case 'DEEP_LINK_CHOSEN':
      return patch(state, { wcLinking: event.payload.linking })
    default:
      return state
  }
}
