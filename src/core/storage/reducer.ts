/**
 * Keeps the storage mirror in step with the domain events (SPEC §3 browser storage, §4). A plain
 * fold (the module's `fold`, no Immer draft: issue 27 §1): new objects along what changed, the
 * same reference when nothing did.
 */
import { patch, withoutKey } from '../../kernel/patch'
import type { AirlockEvent } from '../../kernel/registry'
import { chainNamespaceOf, type AccountType, type ChainNamespace } from '../../events/shapes/namespace'
import type { WalletEntry } from '../../events/shapes/wallet'
import type { StorageState } from './state'
import { isStorableNetworkId, RECENT_WALLETS_KEPT } from './keys'
import { withConnection, withoutConnections, type ConnectionLists } from '../connection/connectionList'

type S = StorageState

/**
 * SPEC §4: a disconnect, or a failed or negative connection check, clears the login fields: the
 * last chain here; the email and socials plugins clear their own (email, used flag, social username).
 */
function clearLoginFields(state: S): S {
  return withoutKey(state, 'lastUsedChain')
}

function forgetConnectorId(state: S, namespace: ChainNamespace | null): S {
  const ids = state.connectedConnectorIds
  if (ids === undefined) return state
  if (namespace === null) return withoutKey(state, 'connectedConnectorIds')
  if (ids[namespace] === undefined) return state
  const kept = withoutKey(ids, namespace)
  return Object.keys(kept).length === 0 ? withoutKey(state, 'connectedConnectorIds') : { ...state, connectedConnectorIds: kept }
}

/** Drop a namespace (all for null) from the connected ones; with none left, status disconnected. */
function forgetNamespace(state: S, namespace: ChainNamespace | null): S {
  let next = state
  const list = state.connectedNamespaces
  if (list !== undefined) {
    const kept = namespace === null ? [] : list.filter((ns) => ns !== namespace)
    if (kept.length === 0) next = withoutKey(next, 'connectedNamespaces')
    else if (kept.length !== list.length) next = { ...next, connectedNamespaces: kept }
  }
  // Another namespace still connected keeps the stored status, so a reload restores it.
  return next.connectedNamespaces === undefined ? patch(next, { connectionStatus: 'disconnected' }) : next
}

/** The stored wallets (several at once, issue 28 §2) changed by `change`; none left: no key. */
function storedConnections(state: S, change: (all: ConnectionLists) => ConnectionLists): S {
  const all = state.connections ?? {}
  const next = change(all)
  if (next === all) return state
  return Object.keys(next).length > 0 ? { ...state, connections: next as S['connections'] } : withoutKey(state, 'connections')
}

/** Newest first, one entry per wallet id, at most 2 (SPEC §3, §9). */
function withRecentWallet(recent: readonly WalletEntry[] | undefined, wallet: WalletEntry): WalletEntry[] {
  return [wallet, ...(recent ?? []).filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_KEPT)
}

/** The stored preferred account type of a namespace. */
function withAccountType(state: S, namespace: ChainNamespace, accountType: AccountType): S {
  return patch(state, { preferredAccountTypes: patch(state.preferredAccountTypes ?? {}, { [namespace]: accountType }) })
}

/**
 * Fold one event into the storage mirror. Pure; an event it does not handle leaves the slice
 * untouched, so the write effect writes nothing.
 *
 * ```ts
 * reduceStorage({}, createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:1' })) // { activeCaipNetworkId: 'eip155:1', activeNamespace: 'eip155' }
 * ```
 */
export function reduceStorage(state: S, event: AirlockEvent): S {
  switch (event.type) {
    case 'STORAGE_HYDRATED':
      // The mirror starts as what storage held; the write effect skips this event.
      return { ...event.payload.values }
    case 'NETWORK_SWITCHED': {
      const { caipNetworkId } = event.payload
      // Only a well-formed id is stored: anything else would be reset as corrupt on the next load.
      if (!isStorableNetworkId(caipNetworkId)) return state
      const next = patch(state, { activeCaipNetworkId: caipNetworkId })
      const namespace = chainNamespaceOf(caipNetworkId)
      return namespace === undefined ? next : patch(next, { activeNamespace: namespace })
    }
    case 'CONNECT_SUCCESS': {
      const { namespace, connectorId, wallet, deepLink, caipAddress } = event.payload
      let next = storedConnections(patch(state, { connectionStatus: 'connected' }), (all) => withConnection(all, namespace, connectorId, caipAddress))
      next = patch(next, { connectedConnectorIds: patch(next.connectedConnectorIds ?? {}, { [namespace]: connectorId }) })
      if (!next.connectedNamespaces?.includes(namespace)) next = { ...next, connectedNamespaces: [...(next.connectedNamespaces ?? []), namespace] }
      if (wallet !== undefined) next = { ...next, recentWallets: withRecentWallet(next.recentWallets, wallet) }
      if (deepLink !== undefined) next = { ...next, deepLinkChoice: { href: deepLink.href, name: deepLink.name } }
      return next
    }
    case 'DISCONNECT_SUCCESS':
    case 'CONNECTION_RESET': {
      // SPEC §4: a disconnect forgets the namespace and the last chain (with none left, the status
      // is disconnected); a reset also clears the stored deep link, and removes the connector id.
      // A reset ends every disconnect, also one whose wallet never answered (DISCONNECT_ERROR, no
      // DISCONNECT_SUCCESS), so a reload after it finds the status disconnected (conformance 4.10).
      const { namespace } = event.payload
      const next = event.type === 'CONNECTION_RESET' ? withoutKey(state, 'deepLinkChoice') : state
      return storedConnections(forgetNamespace(forgetConnectorId(clearLoginFields(next), namespace), namespace), (all) => withoutConnections(all, namespace))
    }
    case 'CONNECTION_CHECK_FAILED':
      return storedConnections(forgetNamespace(clearLoginFields(state), event.payload.namespace), (all) => withoutConnections(all, event.payload.namespace))
    case 'CONNECTION_HELD':
      return storedConnections(state, (all) => withConnection(all, event.payload.namespace, event.payload.connectorId, event.payload.address))
    case 'ACTIVE_CONNECTION_CHANGED': {
      // The switched-to wallet is the one a reload restores as active.
      const { namespace, connectorId, caipAddress } = event.payload
      const next = patch(state, { connectedConnectorIds: patch(state.connectedConnectorIds ?? {}, { [namespace]: connectorId }) })
      return storedConnections(next, (all) => withConnection(all, namespace, connectorId, caipAddress))
    }
    case 'CONNECTION_REMOVED':
      return storedConnections(state, (all) => withoutConnections(all, event.payload.namespace, event.payload.connectorId))
    case 'PREFERRED_ACCOUNT_TYPE_STORED':
    case 'SET_PREFERRED_ACCOUNT_TYPE':
      return withAccountType(state, event.payload.namespace, event.payload.accountType)
    case 'PREFERRED_ACCOUNT_TYPE_FAILED':
      // SPEC §4: a failed set falls back to EOA, and that is what a reload should find.
      return withAccountType(state, event.payload.namespace, 'eoa')
    case 'SMART_ACCOUNT_NETWORKS_REPORTED':
      // Stored comma-joined: an id outside the CAIP-2 grammar would not survive the round trip.
      return { ...state, smartAccountEnabledNetworks: event.payload.caipNetworkIds.filter(isStorableNetworkId) }
    default:
      return state
  }
}
