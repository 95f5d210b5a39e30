/**
 * The storage module's Immer reducer as it was before its plain fold (issue 27 §1, src/core/storage/reducer.ts):
 * kept as tests/unit/lazyDraftCore.test.ts's reference, which checks the fold against it event by event.
 */
import { castDraft, current, type Draft } from 'immer'
import type { AirlockEvent } from '../../../src/kernel/registry'
import { chainNamespaceOf, type ChainNamespace } from '../../../src/events/shapes/namespace'
import type { WalletEntry } from '../../../src/events/shapes/wallet'
import type { StorageState } from '../../../src/core/storage/state'
import { isStorableNetworkId, RECENT_WALLETS_KEPT } from '../../../src/core/storage/keys'
import { withConnection, withoutConnections, type ConnectionLists } from '../../../src/core/connection/connectionList'

type StorageDraft = Draft<StorageState>

/**
 * SPEC §4: a disconnect, or a failed or negative connection check, clears the login fields: the
 * last chain here; the email and socials plugins clear their own (email, used flag, social username).
 */
/** Several wallets at once (issue 28 §2, after the fold): the stored connections changed by `change`; none left, no key. */
function setConnections(draft: StorageDraft, change: (all: ConnectionLists) => ConnectionLists): void {
  const all = current(draft).connections ?? {}
  const next = change(all)
  if (next === all) return
  if (Object.keys(next).length > 0) draft.connections = castDraft(next as StorageState['connections'])
  else delete draft.connections
}

function clearLoginFields(draft: StorageDraft): void {
  delete draft.lastUsedChain
}

function forgetConnectorId(draft: StorageDraft, namespace: ChainNamespace | null): void {
  const ids = draft.connectedConnectorIds
  if (ids === undefined) return
  if (namespace === null) {
    delete draft.connectedConnectorIds
    return
  }
  if (ids[namespace] === undefined) return
  delete ids[namespace]
  if (Object.keys(ids).length === 0) delete draft.connectedConnectorIds
}

/** Drop a namespace (all for null) from the connected ones; with none left, status disconnected. */
function forgetNamespace(draft: StorageDraft, namespace: ChainNamespace | null): void {
  const list = draft.connectedNamespaces
  if (list !== undefined) {
    const kept = namespace === null ? [] : list.filter((ns) => ns !== namespace)
    if (kept.length === 0) delete draft.connectedNamespaces
    else if (kept.length !== list.length) draft.connectedNamespaces = kept
  }
  // Another namespace still connected keeps the stored status, so a reload restores it.
  if (draft.connectedNamespaces === undefined) draft.connectionStatus = 'disconnected'
}

/** Newest first, one entry per wallet id, at most 2 (SPEC §3, §9). */
function withRecentWallet(recent: readonly WalletEntry[] | undefined, wallet: WalletEntry): WalletEntry[] {
  return [wallet, ...(recent ?? []).filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_KEPT)
}

/**
 * Fold one event into the storage mirror. Pure; an event it does not handle leaves the slice
 * untouched, so the write effect writes nothing.
 *
 * ```ts
 * produce({}, (d) => reduceStorage(d, createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:1' })))
 * ```
 */
export function reduceStorage(draft: StorageDraft, event: AirlockEvent): StorageState | void {
  switch (event.type) {
    case 'STORAGE_HYDRATED':
      // The mirror starts as what storage held; the write effect skips this event.
      return { ...event.payload.values }
    case 'NETWORK_SWITCHED': {
      const { caipNetworkId } = event.payload
      // Only a well-formed id is stored: anything else would be reset as corrupt on the next load.
      if (!isStorableNetworkId(caipNetworkId)) return
      draft.activeCaipNetworkId = caipNetworkId
      const namespace = chainNamespaceOf(caipNetworkId)
      if (namespace !== undefined) draft.activeNamespace = namespace
      return
    }
    case 'CONNECT_SUCCESS': {
      const { namespace, connectorId, wallet, deepLink, caipAddress } = event.payload
      draft.connectionStatus = 'connected'
      setConnections(draft, (all) => withConnection(all, namespace, connectorId, caipAddress))
      draft.connectedConnectorIds ??= {}
      draft.connectedConnectorIds[namespace] = connectorId
      if (!draft.connectedNamespaces?.includes(namespace)) draft.connectedNamespaces = [...(draft.connectedNamespaces ?? []), namespace]
      if (wallet !== undefined) draft.recentWallets = withRecentWallet(draft.recentWallets, wallet)
      if (deepLink !== undefined) draft.deepLinkChoice = { href: deepLink.href, name: deepLink.name }
      return
    }
    case 'DISCONNECT_SUCCESS':
      setConnections(draft, (all) => withoutConnections(all, event.payload.namespace))
      clearLoginFields(draft)
      forgetConnectorId(draft, event.payload.namespace)
      forgetNamespace(draft, event.payload.namespace)
      return
    case 'CONNECTION_CHECK_FAILED':
      setConnections(draft, (all) => withoutConnections(all, event.payload.namespace))
      clearLoginFields(draft)
      forgetNamespace(draft, event.payload.namespace)
      return
    case 'CONNECTION_RESET':
      // SPEC §4: reset clears the stored deep link and removes the connector id; it ends every
      // disconnect, one that gave up too, so it forgets the namespace as a disconnect does.
      delete draft.deepLinkChoice
      setConnections(draft, (all) => withoutConnections(all, event.payload.namespace))
      clearLoginFields(draft)
      forgetConnectorId(draft, event.payload.namespace)
      forgetNamespace(draft, event.payload.namespace)
      return
    case 'CONNECTION_HELD':
      setConnections(draft, (all) => withConnection(all, event.payload.namespace, event.payload.connectorId, event.payload.address))
      return
    case 'ACTIVE_CONNECTION_CHANGED': {
      // The switched-to wallet is the one a reload restores as active.
      const { namespace, connectorId, caipAddress } = event.payload
      draft.connectedConnectorIds ??= {}
      draft.connectedConnectorIds[namespace] = connectorId
      setConnections(draft, (all) => withConnection(all, namespace, connectorId, caipAddress))
      return
    }
    case 'CONNECTION_REMOVED':
      setConnections(draft, (all) => withoutConnections(all, event.payload.namespace, event.payload.connectorId))
      return
    case 'PREFERRED_ACCOUNT_TYPE_STORED':
    case 'SET_PREFERRED_ACCOUNT_TYPE':
      draft.preferredAccountTypes ??= {}
      draft.preferredAccountTypes[event.payload.namespace] = event.payload.accountType
      return
    case 'PREFERRED_ACCOUNT_TYPE_FAILED':
      // SPEC §4: a failed set falls back to EOA, and that is what a reload should find.
      draft.preferredAccountTypes ??= {}
      draft.preferredAccountTypes[event.payload.namespace] = 'eoa'
      return
    case 'SMART_ACCOUNT_NETWORKS_REPORTED':
      // Stored comma-joined: an id outside the CAIP-2 grammar would not survive the round trip.
      draft.smartAccountEnabledNetworks = event.payload.caipNetworkIds.filter(isStorableNetworkId)
      return
    default:
      return
  }
}
