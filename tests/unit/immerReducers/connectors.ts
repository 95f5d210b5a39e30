/**
 * The connectors module's Immer reducer as it was before its plain fold (issue 27 §1, src/core/connectors/reducer.ts):
 * kept as tests/unit/lazyDraftCore.test.ts's reference, which checks the fold against it event by event.
 */
import { castDraft, original, type Draft } from 'immer'
import type { AirlockEvent } from '../../../src/kernel/registry'
import { CHAIN_NAMESPACES, type ChainNamespace } from '../../../src/events/shapes/namespace'
import type { Connector } from '../../../src/events/shapes/connector'
import type { ConnectorsState } from '../../../src/core/connectors/state'
import { addConnectors, mergeConnectors } from '../../../src/core/connectors/merge'

type ConnectorsDraft = Draft<ConnectorsState>

/** The slice as it was before this event: list work is done on plain values, not drafts. */
function before(draft: ConnectorsDraft): ConnectorsState {
  return original(draft) as ConnectorsState
}

function setAll(draft: ConnectorsDraft, all: readonly Connector[], filter: ConnectorsState['filterByNamespace']): void {
  draft.allConnectors = castDraft([...all])
  draft.connectors = castDraft([...mergeConnectors(all, filter)])
}

function findConnector(all: readonly Connector[], namespace: ChainNamespace, id: string): Connector | null {
  return all.find((c) => c.id === id && c.chain === namespace) ?? all.find((c) => c.id === id) ?? null
}

/** Forget the connector id of a namespace (every namespace for null). */
function clearActive(draft: ConnectorsDraft, namespace: ChainNamespace | null): void {
  for (const ns of namespace === null ? CHAIN_NAMESPACES : [namespace]) {
    if (draft.activeConnectorIds[ns] !== null) draft.activeConnectorIds[ns] = null
  }
  if (draft.activeConnector !== null && (namespace === null || draft.activeConnector.chain === namespace)) {
    draft.activeConnector = null
  }
}

/**
 * Fold one event into the connectors slice. Pure; an event it does not handle, or that changes
 * nothing (a connector announced again), leaves the slice untouched.
 *
 * ```ts
 * produce(initialConnectorsState, (d) => reduceConnectors(d, createEvent('CONNECTORS_ADDED', { connectors })))
 * ```
 */
export function reduceConnectors(draft: ConnectorsDraft, event: AirlockEvent): void {
  switch (event.type) {
    case 'CONNECTORS_ANNOUNCED':
    case 'CONNECTORS_ADDED': {
      const state = before(draft)
      const all = addConnectors(state.allConnectors, event.payload.connectors)
      if (all !== state.allConnectors) setAll(draft, all, state.filterByNamespace)
      return
    }
    case 'CONNECTOR_ACTIVATED': {
      const { namespace, connectorId } = event.payload
      draft.activeConnectorIds[namespace] = connectorId
      const found = findConnector(before(draft).allConnectors, namespace, connectorId)
      // Assigning the very object already there is not a change for Immer.
      draft.activeConnector = castDraft(found)
      return
    }
    case 'OPTIONS_INITIALIZED': {
      // Connect lists the wallets of the namespaces the site configured networks for: a Solana
      // wallet on an EVM-only page, or the Solana half of a multi-chain wallet there, is not shown.
      const state = before(draft)
      const configured = new Set(event.payload.options.networks.map((n) => n.chainNamespace))
      const filter = Object.fromEntries(CHAIN_NAMESPACES.map((ns) => [ns, configured.has(ns)])) as Record<ChainNamespace, boolean>
      if (CHAIN_NAMESPACES.every((ns) => filter[ns] === state.filterByNamespace[ns])) return
      draft.filterByNamespace = filter
      draft.connectors = castDraft([...mergeConnectors(state.allConnectors, filter)])
      return
    }
    case 'NAMESPACE_EMPTIED': {
      const state = before(draft)
      const { namespace } = event.payload
      if (!state.filterByNamespace[namespace]) return
      const filter = { ...state.filterByNamespace, [namespace]: false }
      draft.filterByNamespace[namespace] = false
      draft.connectors = castDraft([...mergeConnectors(state.allConnectors, filter)])
      return
    }
    case 'STORAGE_HYDRATED': {
      const stored = event.payload.values.connectedConnectorIds ?? {}
      for (const ns of CHAIN_NAMESPACES) {
        const id = stored[ns]
        if (id !== undefined) draft.activeConnectorIds[ns] = id
      }
      return
    }
    case 'CONNECTION_RESET':
    case 'DISCONNECT_SUCCESS':
      // SPEC §4: reset (and disconnect) removes the connector id.
      clearActive(draft, event.payload.namespace)
      return
    default:
      return
  }
}
