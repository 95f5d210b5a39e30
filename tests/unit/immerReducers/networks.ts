/**
 * The networks module's Immer reducer as it was before its plain fold (issue 27 §1, src/core/networks/reducer.ts):
 * kept as tests/unit/lazyDraftCore.test.ts's reference, which checks the fold against it event by event.
 */
import { castDraft, type Draft } from 'immer'
import type { AirlockEvent, RootState } from '../../../src/kernel/registry'
import type { CaipNetwork } from '../../../src/events/shapes/network'
import type { ResolvedOptions } from '../../../src/events/shapes/options'
import { CHAIN_NAMESPACES, chainNamespaceOf, type ChainNamespace } from '../../../src/events/shapes/namespace'
import { unsupportedNetwork } from '../../../src/core/networks/placeholder'
import { findNetwork } from '../../../src/core/networks/selectors'
import { emptyNamespaceRecord, initialNetworksState, initialNetworkState, type NamespaceRecord, type NetworksState } from '../../../src/core/networks/state'

type NetworksDraft = Draft<NetworksState>

/** The slice right after OPTIONS_INITIALIZED: networks grouped by namespace, active = default or first. */
function fromOptions(options: ResolvedOptions): NetworksState {
  const seen = new Set<string>()
  const grouped = new Map<ChainNamespace, CaipNetwork[]>()
  for (const network of options.networks) {
    if (seen.has(network.caipNetworkId)) continue
    seen.add(network.caipNetworkId)
    const list = grouped.get(network.chainNamespace) ?? []
    list.push(network)
    grouped.set(network.chainNamespace, list)
  }
  const byNamespace = {} as Record<ChainNamespace, NamespaceRecord>
  for (const namespace of CHAIN_NAMESPACES) {
    const networks = grouped.get(namespace) ?? []
    const preferred = networks.find((n) => n.caipNetworkId === options.defaultNetwork) ?? networks[0]
    byNamespace[namespace] = {
      namespace,
      networks,
      // A copy: Immer wants no array at two places in the tree. The network objects are shared
      // but never written through a draft.
      networkState: { ...initialNetworkState, selectedCaipNetworkId: preferred?.caipNetworkId ?? null, requestedCaipNetworks: [...networks] },
    }
  }
  const all = [...grouped.values()].flat()
  const active = all.find((n) => n.caipNetworkId === options.defaultNetwork) ?? all[0]
  return {
    ...initialNetworksState,
    byNamespace,
    activeNamespace: active?.chainNamespace ?? null,
    activeCaipNetworkId: active?.caipNetworkId ?? null,
    // Every namespace in use gets an adapter at start (see NetworksState.adapters).
    adapters: [...grouped.keys()],
    enableNetworkSwitch: options.enableNetworkSwitch,
    allowUnsupportedChain: options.allowUnsupportedChain,
  }
}

/** Make a configured network the active one and the selected one of its namespace. */
function activate(draft: NetworksDraft, network: CaipNetwork): void {
  draft.activeCaipNetworkId = network.caipNetworkId
  draft.activeNamespace = network.chainNamespace
  draft.byNamespace[network.chainNamespace].networkState.selectedCaipNetworkId = network.caipNetworkId
  if (draft.unsupportedNetwork !== null) draft.unsupportedNetwork = null
}

/** The unsupported placeholder becomes the active network (SPEC §4). */
function activatePlaceholder(draft: NetworksDraft, namespace: ChainNamespace, chainId: string | number): void {
  const placeholder = unsupportedNetwork(namespace, chainId)
  if (draft.unsupportedNetwork?.caipNetworkId !== placeholder.caipNetworkId) draft.unsupportedNetwork = castDraft(placeholder)
  draft.activeCaipNetworkId = placeholder.caipNetworkId
  draft.activeNamespace = namespace
}

/**
 * SPEC §4 fallback: the first network of another chain; failing that (no other chain has one),
 * the first network left in the same namespace; failing that, no active network.
 */
function fallBackFrom(draft: NetworksDraft, namespace: ChainNamespace): void {
  const order = [...draft.adapters, ...CHAIN_NAMESPACES].filter((ns, i, all) => ns !== namespace && all.indexOf(ns) === i)
  const next = order.map((ns) => draft.byNamespace[ns].networks[0]).find((n) => n !== undefined) ?? draft.byNamespace[namespace].networks[0]
  if (next) {
    activate(draft, next as CaipNetwork)
    return
  }
  draft.activeCaipNetworkId = null
  draft.activeNamespace = null
  draft.unsupportedNetwork = null
}

/** Whether the active network (configured or placeholder) belongs to `namespace`. */
function activeIn(draft: NetworksDraft, namespace: ChainNamespace): boolean {
  return draft.activeNamespace === namespace && draft.activeCaipNetworkId !== null
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

function endNamespaceSwitch(draft: NetworksDraft): void {
  if (draft.isSwitchingNamespace) draft.isSwitchingNamespace = false
}

/**
 * Fold one event into the networks slice. Pure; an event it does not handle, or one that changes
 * nothing, leaves the slice untouched (same reference).
 *
 * ```ts
 * produce(state, (d) => reduceNetworks(d, createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:137' })))
 * ```
 */
export function reduceNetworks(draft: NetworksDraft, event: AirlockEvent, root?: RootState): NetworksState | undefined {
  switch (event.type) {
    case 'OPTIONS_INITIALIZED':
      return fromOptions(event.payload.options)

    case 'STORAGE_HYDRATED': {
      const { activeCaipNetworkId, activeNamespace, smartAccountEnabledNetworks } = event.payload.values
      // Restored only when the site still configures it: a stale id must not become active.
      const stored = activeCaipNetworkId === undefined ? undefined : findNetwork(draft, activeCaipNetworkId)
      if (stored) activate(draft, stored)
      else if (activeNamespace !== undefined) {
        const record = draft.byNamespace[activeNamespace]
        const selected = record.networks.find((n) => n.caipNetworkId === record.networkState.selectedCaipNetworkId) ?? record.networks[0]
        if (selected) activate(draft, selected as CaipNetwork)
      }
      if (smartAccountEnabledNetworks !== undefined) setSmartAccountNetworks(draft, smartAccountEnabledNetworks)
      return
    }

    case 'NETWORK_SWITCHED': {
      const { caipNetworkId } = event.payload
      const network = findNetwork(draft, caipNetworkId)
      if (!network) {
        // A switch to a chain the site did not configure lands on the placeholder (SPEC §4).
        const namespace = chainNamespaceOf(caipNetworkId)
        if (namespace !== undefined) activatePlaceholder(draft, namespace, caipNetworkId.slice(namespace.length + 1))
        return
      }
      // SPEC §4: the flag is set when the namespace changes, and a switch within one ends it. A
      // namespace whose account is in already (a session spanning both) has nothing to wait for.
      const changesNamespace = draft.activeNamespace !== null && draft.activeNamespace !== network.chainNamespace
      if (changesNamespace && !hasAccount(root, network.chainNamespace)) draft.isSwitchingNamespace = true
      else endNamespaceSwitch(draft)
      activate(draft, network)
      return
    }

    case 'NETWORK_UNSUPPORTED': {
      const { namespace, chainId } = event.payload
      const configured = findNetwork(draft, `${namespace}:${String(chainId)}`)
      if (configured) activate(draft, configured)
      else activatePlaceholder(draft, namespace, chainId)
      return
    }

    case 'NETWORK_ADDED': {
      const { network } = event.payload
      const namespace = network.chainNamespace
      // SPEC §5: needs an adapter for the namespace (an effect reports "Adapter not found"), and
      // ignores duplicates by id.
      if (!draft.adapters.includes(namespace)) return
      const record = draft.byNamespace[namespace]
      if (record.networks.some((n) => n.caipNetworkId === network.caipNetworkId)) return
      record.networks.push(castDraft(network))
      record.networkState.requestedCaipNetworks.push(castDraft(network))
      if (record.networkState.selectedCaipNetworkId === null) record.networkState.selectedCaipNetworkId = network.caipNetworkId
      return
    }

    case 'NETWORK_REMOVED': {
      const { caipNetworkId } = event.payload
      const namespace = chainNamespaceOf(caipNetworkId)
      if (namespace === undefined) return
      const record = draft.byNamespace[namespace]
      const index = record.networks.findIndex((n) => n.caipNetworkId === caipNetworkId)
      if (index < 0) return
      record.networks.splice(index, 1)
      const requested = record.networkState.requestedCaipNetworks.findIndex((n) => n.caipNetworkId === caipNetworkId)
      if (requested >= 0) record.networkState.requestedCaipNetworks.splice(requested, 1)
      if (record.networkState.selectedCaipNetworkId === caipNetworkId) {
        record.networkState.selectedCaipNetworkId = record.networks[0]?.caipNetworkId ?? null
      }
      // SPEC §4: removing the active network falls back to the first network of another chain.
      if (draft.activeCaipNetworkId === caipNetworkId) fallBackFrom(draft, namespace)
      return
    }

    case 'NETWORKS_APPROVED': {
      const { namespace, caipNetworkIds, supportsAllNetworks } = event.payload
      const state = draft.byNamespace[namespace].networkState
      if (!sameList(state.approvedCaipNetworkIds, caipNetworkIds)) state.approvedCaipNetworkIds = caipNetworkIds
      state.supportsAllNetworks = supportsAllNetworks
      return
    }

    case 'SMART_ACCOUNT_NETWORKS_REPORTED':
      setSmartAccountNetworks(draft, event.payload.caipNetworkIds)
      return

    case 'ADAPTER_ADDED':
      if (!draft.adapters.includes(event.payload.namespace)) draft.adapters.push(event.payload.namespace)
      return

    case 'ADAPTER_REMOVED': {
      const { namespace } = event.payload
      const index = draft.adapters.indexOf(namespace)
      if (index < 0) return
      draft.adapters.splice(index, 1)
      // The namespace's networks go with its adapter: nothing could switch to them any more.
      draft.byNamespace[namespace] = castDraft(emptyNamespaceRecord(namespace))
      // SPEC §4: removing the active adapter falls back to the first network of another chain.
      if (activeIn(draft, namespace)) fallBackFrom(draft, namespace)
      return
    }

    // The account of the namespace switched to is in, or the switch or connection ended: the
    // namespace switch is over.
    case 'ACCOUNT_CONNECTED':
    case 'ACCOUNTS_CHANGED':
      if (event.payload.namespace === draft.activeNamespace) endNamespaceSwitch(draft)
      return
    case 'CONNECT_SUCCESS':
    case 'NETWORK_SWITCH_FAILED':
    case 'CONNECTION_RESET':
    case 'DISCONNECT_SUCCESS':
      endNamespaceSwitch(draft)
      return

    default:
      return
  }
}

/** Whether the namespace's account is in, in the state before the event (false without an account slice). */
function hasAccount(root: RootState | undefined, namespace: ChainNamespace): boolean {
  // The account slice is absent when a kernel runs the networks module alone (tests, tools).
  const accounts = (root as Partial<RootState> | undefined)?.account?.accounts
  return accounts !== undefined && accounts[namespace].address !== null
}

/** Smart-account networks are kept per namespace, each id under the namespace it names. */
function setSmartAccountNetworks(draft: NetworksDraft, caipNetworkIds: readonly string[]): void {
  for (const namespace of CHAIN_NAMESPACES) {
    const ids = caipNetworkIds.filter((id, i) => chainNamespaceOf(id) === namespace && caipNetworkIds.indexOf(id) === i)
    const state = draft.byNamespace[namespace].networkState
    if (!sameList(state.smartAccountEnabledNetworks, ids)) state.smartAccountEnabledNetworks = ids
  }
}
