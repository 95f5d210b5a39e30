/**
 * The connectors reducer (SPEC §3 connector state). A plain fold (the module's `fold`, no Immer
 * draft: issue 27 §1): new objects along what changed, the same reference when nothing did.
 */
import { patch } from '../../kernel/patch'
import type { AirlockEvent } from '../../kernel/registry'
import { CHAIN_NAMESPACES, type ChainNamespace } from '../../events/shapes/namespace'
import type { Connector } from '../../events/shapes/connector'
import type { ConnectorsState } from './state'
import { addConnectors, mergeConnectors } from './merge'

type S = ConnectorsState

function findConnector(all: readonly Connector[], namespace: ChainNamespace, id: string): Connector | null {
  return all.find((c) => c.id === id && c.chain === namespace) ?? all.find((c) => c.id === id) ?? null
}

/** The connectors shown under `filter`, with it. */
function withFilter(state: S, filter: S['filterByNamespace']): S {
  return { ...state, filterByNamespace: filter, connectors: [...mergeConnectors(state.allConnectors, filter)] }
}

/** Forget the connector id of a namespace (every namespace for null). */
function clearActive(state: S, namespace: ChainNamespace | null): S {
  const cleared: Partial<Record<ChainNamespace, null>> = {}
  for (const ns of namespace === null ? CHAIN_NAMESPACES : [namespace]) cleared[ns] = null
  const next = patch(state, { activeConnectorIds: patch(state.activeConnectorIds, cleared) })
  const active = state.activeConnector
  return active !== null && (namespace === null || active.chain === namespace) ? { ...next, activeConnector: null } : next
}

/**
 * Fold one event into the connectors slice. Pure; an event it does not handle, or that changes
 * nothing (a connector announced again), leaves the slice untouched.
 *
 * ```ts
 * reduceConnectors(initialConnectorsState, createEvent('CONNECTORS_ADDED', { connectors })).allConnectors // connectors
 * ```
 */
export function reduceConnectors(state: S, event: AirlockEvent): S {
  switch (event.type) {
    case 'CONNECTORS_ANNOUNCED':
    case 'CONNECTORS_ADDED': {
      const all = addConnectors(state.allConnectors, event.payload.connectors)
      if (all === state.allConnectors) return state
      return { ...state, allConnectors: [...all], connectors: [...mergeConnectors(all, state.filterByNamespace)] }
    }
    case 'CONNECTOR_ACTIVATED': {
      const { namespace, connectorId } = event.payload
      // The very object already there is no change.
      const activeConnector = findConnector(state.allConnectors, namespace, connectorId)
      return patch(state, { activeConnectorIds: patch(state.activeConnectorIds, { [namespace]: connectorId }), activeConnector })
    }
    case 'OPTIONS_INITIALIZED': {
      // Connect lists the wallets of the namespaces the site configured networks for: a Solana
      // wallet on an EVM-only page, or the Solana half of a multi-chain wallet there, is not shown.
      const configured = new Set(event.payload.options.networks.map((n) => n.chainNamespace))
      const filter = Object.fromEntries(CHAIN_NAMESPACES.map((ns) => [ns, configured.has(ns)])) as Record<ChainNamespace, boolean>
      if (CHAIN_NAMESPACES.every((ns) => filter[ns] === state.filterByNamespace[ns])) return state
      return withFilter(state, filter)
    }
    case 'NAMESPACE_EMPTIED': {
      const { namespace } = event.payload
      if (!state.filterByNamespace[namespace]) return state
      return withFilter(state, { ...state.filterByNamespace, [namespace]: false })
    }
    case 'STORAGE_HYDRATED': {
      const stored = event.payload.values.connectedConnectorIds ?? {}
      const ids: Partial<Record<ChainNamespace, string>> = {}
      for (const ns of CHAIN_NAMESPACES) {
        const id = stored[ns]
        if (id !== undefined) ids[ns] = id
      }
      return patch(state, { activeConnectorIds: patch(state.activeConnectorIds, ids) })
    }
    case 'CONNECTION_RESET':
    case 'DISCONNECT_SUCCESS':
      // SPEC §4: reset (and disconnect) removes the connector id.
      return clearActive(state, event.payload.namespace)
    default:
      return state
  }
}
