/**
 * The connection module's Immer reducer as it was before its plain fold (issue 27 §1, src/core/connection/reducer.ts):
 * kept as tests/unit/lazyDraftCore.test.ts's reference, which checks the fold against it event by event.
 */
import { castDraft, current, type Draft } from 'immer'
import type { AirlockEvent } from '../../../src/kernel/registry'
import type { ChainNamespace } from '../../../src/events/shapes/namespace'
import type { ConnectionState } from '../../../src/core/connection/state'
import { withConnection, withoutConnections, type ConnectionLists } from '../../../src/core/connection/connectionList'

type ConnectionDraft = Draft<ConnectionState>

/** Several wallets at once (issue 28 §2, after the fold): the connections changed by `change`, written only when they change. */
function setConnections(draft: ConnectionDraft, change: (all: ConnectionLists) => ConnectionLists): void {
  const all = current(draft).connections
  const next = change(all)
  if (next !== all) draft.connections = castDraft(next as ConnectionState['connections'])
}

/** Remove a namespace (or every one, for null) from a list, writing only when it changes. */
function removeNamespace(list: ChainNamespace[], namespace: ChainNamespace | null): void {
  if (namespace === null) {
    if (list.length > 0) list.splice(0, list.length)
    return
  }
  const index = list.indexOf(namespace)
  if (index >= 0) list.splice(index, 1)
}

/** Nothing is connected and nothing is still being restored. */
function nothingLeft(draft: ConnectionDraft): boolean {
  return draft.connectedNamespaces.length === 0 && draft.restoringNamespaces.length === 0
}

/** A connect or pairing that failed: connected where another namespace is, else disconnected unless one is still being restored. */
function endConnecting(draft: ConnectionDraft): void {
  if (draft.connectedNamespaces.length > 0) draft.status = 'connected'
  else if (nothingLeft(draft)) draft.status = 'disconnected'
}

/**
 * Fold one event into the connection slice. Pure; an event it does not handle leaves the slice
 * untouched, so Immer keeps the same reference. The relay pairing (SPEC §3) is one event per
 * transition (WC_PAIRING_STARTED, _OFFERED, _APPROVED, _FAILED), and the status follows from them.
 *
 * ```ts
 * produce(initialConnectionState, (d) => reduceConnection(d, createEvent('WC_PAIRING_FAILED', {})))
 * ```
 */
export function reduceConnection(draft: ConnectionDraft, event: AirlockEvent): void {
  switch (event.type) {
    case 'STORAGE_HYDRATED': {
      // SPEC §4: at start the status is connecting if the stored status is connected.
      const { values } = event.payload
      if (values.connectionStatus !== 'connected' || draft.status !== 'disconnected') return
      draft.status = 'connecting'
      const stored = values.connectedNamespaces ?? []
      draft.restoringNamespaces = stored.filter((ns, i) => stored.indexOf(ns) === i)
      return
    }
    case 'CONNECT_STARTED':
      draft.status = 'connecting'
      return
    case 'CONNECT_SUCCESS': {
      // SPEC §4: finalising a connection saves the deep link and the recent wallet.
      const { namespace, deepLink, wallet, connectorId, caipAddress } = event.payload
      setConnections(draft, (all) => withConnection(all, namespace, connectorId, caipAddress))
      draft.status = 'connected'
      if (!draft.connectedNamespaces.includes(namespace)) draft.connectedNamespaces.push(namespace)
      removeNamespace(draft.restoringNamespaces, namespace)
      if (deepLink !== undefined) draft.wcLinking = castDraft(deepLink)
      if (wallet !== undefined) draft.recentWallet = castDraft(wallet)
      // The request through this connector is answered; one through another is still waiting.
      if (draft.connectAttempt?.connectorId === event.payload.connectorId) draft.connectAttempt = null
      return
    }
    case 'CONNECT_REQUESTED': {
      // A new request replaces the one before (the connect effects switch to it): its answer is
      // what the connecting view waits for, not an older request's.
      const { connectorId } = event.payload
      const attempt = draft.connectAttempt
      if (attempt?.connectorId !== connectorId || attempt.phase !== 'pending') draft.connectAttempt = { connectorId, phase: 'pending' }
      return
    }
    case 'USER_REJECTED':
    case 'CONNECT_ERROR': {
      // Neither names its connector: it answers the latest request (the last answer wins, as the
      // view showed before this moved here). With none made, or once it connected, nothing changes.
      const phase = event.type === 'USER_REJECTED' ? 'declined' : 'failed'
      if (draft.connectAttempt && draft.connectAttempt.phase !== phase) draft.connectAttempt.phase = phase
      // A failed connect ends its connecting (CONNECT_STARTED began it) as a failed pairing does.
      if (draft.status === 'connecting') endConnecting(draft)
      return
    }
    case 'CONNECTION_HELD':
      setConnections(draft, (all) => withConnection(all, event.payload.namespace, event.payload.connectorId, event.payload.address))
      return
    case 'ACTIVE_CONNECTION_CHANGED':
      setConnections(draft, (all) => withConnection(all, event.payload.namespace, event.payload.connectorId, event.payload.caipAddress))
      return
    case 'CONNECTION_REMOVED':
      setConnections(draft, (all) => withoutConnections(all, event.payload.namespace, event.payload.connectorId))
      return
    case 'CONNECTION_RESTORED': {
      const { namespace } = event.payload
      setConnections(draft, (all) => withConnection(all, namespace, event.payload.connectorId, undefined))
      draft.status = 'connected'
      if (!draft.connectedNamespaces.includes(namespace)) draft.connectedNamespaces.push(namespace)
      removeNamespace(draft.restoringNamespaces, namespace)
      return
    }
    case 'CONNECTION_RESET': {
      // SPEC §4: reset returns to disconnected and clears the uri, pairing expiry, link and recent
      // wallet. Transactions are cleared by their plugin. Our reading for a reset of one namespace
      // while another stays connected (a visitor on EVM and Solana who leaves Solana): the status
      // stays connected, as DISCONNECT_SUCCESS of one namespace keeps it.
      const { namespace } = event.payload
      setConnections(draft, (all) => withoutConnections(all, namespace))
      removeNamespace(draft.connectedNamespaces, namespace)
      removeNamespace(draft.restoringNamespaces, namespace)
      draft.status = namespace !== null && draft.connectedNamespaces.length > 0 ? 'connected' : 'disconnected'
      draft.wcUri = null
      draft.wcPairingExpiry = null
      draft.wcLinking = null
      draft.recentWallet = null
      draft.buffering = false
      draft.wcError = false
      return
    }
    case 'DISCONNECT_SUCCESS': {
      const { namespace } = event.payload
      removeNamespace(draft.connectedNamespaces, namespace)
      removeNamespace(draft.restoringNamespaces, namespace)
      setConnections(draft, (all) => withoutConnections(all, namespace))
      // Disconnected only when that was the last connected namespace (or all were asked).
      if (namespace === null || nothingLeft(draft)) draft.status = 'disconnected'
      return
    }
    case 'CONNECTION_CHECK_FAILED': {
      // A failed check at start ends the restore of that namespace; with none left, disconnected.
      setConnections(draft, (all) => withoutConnections(all, event.payload.namespace))
      removeNamespace(draft.restoringNamespaces, event.payload.namespace)
      if (draft.status === 'connecting' && nothingLeft(draft)) draft.status = 'disconnected'
      return
    }
    case 'WC_PAIRING_STARTED':
      draft.status = 'connecting'
      draft.wcError = false
      draft.wcLinking = null
      draft.buffering = true
      return
    case 'WC_PAIRING_OFFERED':
      draft.wcUri = event.payload.uri
      draft.wcPairingExpiry = event.payload.expiry
      draft.buffering = false
      return
    case 'WC_PAIRING_FAILED':
    case 'WC_PAIRING_APPROVED':
      // A failed pairing's view shows the error instead of a spinner or a spent code. Its
      // connecting ends (WC_PAIRING_STARTED began it): connected on another namespace, else
      // disconnected unless one is still being restored. An approval's CONNECT_SUCCESS connects.
      if (event.type === 'WC_PAIRING_FAILED') {
        draft.wcError = true
        endConnecting(draft)
      }
      draft.wcUri = null
      draft.wcPairingExpiry = null
      draft.buffering = false
      return
    case 'DEEP_LINK_CHOSEN':
      draft.wcLinking = castDraft(event.payload.linking)
      return
    default:
      return
  }
}
