/**
 * The networks reducer: SPEC §4 switch-network and removal rules, SPEC §5 adding networks. A plain
 * fold (the module's `fold`, no Immer draft: issue 27 §1): new objects along what changed, the
 * same reference when nothing did; it never mutates what it is given.
 */
import { patch, patchAt } from '../../kernel/patch'
import type { AirlockEvent, RootState } from '../../kernel/registry'
import type { CaipNetwork } from '../../events/shapes/network'
import type { ResolvedOptions } from '../../events/shapes/options'
import { CHAIN_NAMESPACES, chainNamespaceOf, type ChainNamespace } from '../../events/shapes/namespace'
import { unsupportedNetwork } from './placeholder'
import { findNetwork } from './selectors'
import { emptyNamespaceRecord, initialNetworksState, initialNetworkState, type NamespaceRecord, type NetworkState, type NetworksState } from './state'

type S = NetworksState

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
      // A copy: the two lists change apart (NETWORK_ADDED, NETWORK_REMOVED).
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

/** `state` with `update` applied to one namespace's record. */
function withRecord(state: S, namespace: ChainNamespace, update: (record: NamespaceRecord) => NamespaceRecord): S {
  const byNamespace = patchAt(state.byNamespace, namespace, update)
  return byNamespace === state.byNamespace ? state : { ...state, byNamespace }
}

/** `state` with `changes` assigned to one namespace's network state. */
function withNetworkState(state: S, namespace: ChainNamespace, changes: Partial<NetworkState>): S {
  return withRecord(state, namespace, (record) => {
    const networkState = patch(record.networkState, changes)
    return networkState === record.networkState ? record : { ...record, networkState }
  })
}

/** Make a configured network the active one and the selected one of its namespace. */
function activate(state: S, network: CaipNetwork): S {
  const next = patch(state, { activeCaipNetworkId: network.caipNetworkId, activeNamespace: network.chainNamespace, unsupportedNetwork: null })
  return withNetworkState(next, network.chainNamespace, { selectedCaipNetworkId: network.caipNetworkId })
}

/** The unsupported placeholder becomes the active network (SPEC §4). */
function activatePlaceholder(state: S, namespace: ChainNamespace, chainId: string | number): S {
  const placeholder = unsupportedNetwork(namespace, chainId)
  const kept = state.unsupportedNetwork?.caipNetworkId === placeholder.caipNetworkId ? state.unsupportedNetwork : placeholder
  return patch(state, { unsupportedNetwork: kept, activeCaipNetworkId: placeholder.caipNetworkId, activeNamespace: namespace })
}

/**
 * SPEC §4 fallback: the first network of another chain; failing that (no other chain has one),
 * the first network left in the same namespace; failing that, no active network.
 */
function fallBackFrom(state: S, namespace: ChainNamespace): S {
  const order = [...state.adapters, ...CHAIN_NAMESPACES].filter((ns, i, all) => ns !== namespace && all.indexOf(ns) === i)
  const next = order.map((ns) => state.byNamespace[ns].networks[0]).find((n) => n !== undefined) ?? state.byNamespace[namespace].networks[0]
  if (next) return activate(state, next)
  return patch(state, { activeCaipNetworkId: null, activeNamespace: null, unsupportedNetwork: null })
}

/** Whether the active network (configured or placeholder) belongs to `namespace`. */
function activeIn(state: S, namespace: ChainNamespace): boolean {
  return state.activeNamespace === namespace && state.activeCaipNetworkId !== null
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

const endNamespaceSwitch = (state: S): S => patch(state, { isSwitchingNamespace: false })

/** `list` without its first item that `matches`, or `list` itself when none does. */
function withoutFirst<T>(list: readonly T[], matches: (item: T) => boolean): readonly T[] {
  const index = list.findIndex(matches)
  return index < 0 ? list : list.filter((_, i) => i !== index)
}

/**
 * Fold one event into the networks slice. Pure; an event it does not handle, or one that changes
 * nothing, leaves the slice untouched (same reference).
 *
 * ```ts
 * reduceNetworks(state, createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:137' }), root).activeCaipNetworkId // 'eip155:137'
 * ```
 */
export function reduceNetworks(state: S, event: AirlockEvent, root?: RootState): S {
  switch (event.type) {
    case 'OPTIONS_INITIALIZED':
      return fromOptions(event.payload.options)

    case 'STORAGE_HYDRATED': {
      const { activeCaipNetworkId, activeNamespace, smartAccountEnabledNetworks } = event.payload.values
      // Restored only when the site still configures it: a stale id must not become active.
      const stored = activeCaipNetworkId === undefined ? undefined : findNetwork(state, activeCaipNetworkId)
      let next = state
      if (stored) next = activate(next, stored)
      else if (activeNamespace !== undefined) {
        const record = next.byNamespace[activeNamespace]
        const selected = record.networks.find((n) => n.caipNetworkId === record.networkState.selectedCaipNetworkId) ?? record.networks[0]
        if (selected) next = activate(next, selected)
      }
      return smartAccountEnabledNetworks === undefined ? next : setSmartAccountNetworks(next, smartAccountEnabledNetworks)
    }

    case 'NETWORK_SWITCHED': {
      const { caipNetworkId } = event.payload
      const network = findNetwork(state, caipNetworkId)
      if (!network) {
        // A switch to a chain the site did not configure lands on the placeholder (SPEC §4).
        const namespace = chainNamespaceOf(caipNetworkId)
        return namespace === undefined ? state : activatePlaceholder(state, namespace, caipNetworkId.slice(namespace.length + 1))
      }
      // SPEC §4: the flag is set when the namespace changes, and a switch within one ends it. A
      // namespace whose account is in already (a session spanning both) has nothing to wait for.
      const changesNamespace = state.activeNamespace !== null && state.activeNamespace !== network.chainNamespace
      const next = changesNamespace && !hasAccount(root, network.chainNamespace) ? patch(state, { isSwitchingNamespace: true }) : endNamespaceSwitch(state)
      return activate(next, network)
    }

    case 'NETWORK_UNSUPPORTED': {
      const { namespace, chainId } = event.payload
      const configured = findNetwork(state, `${namespace}:${String(chainId)}`)
      return configured ? activate(state, configured) : activatePlaceholder(state, namespace, chainId)
    }

    case 'NETWORK_ADDED': {
      const { network } = event.payload
      const namespace = network.chainNamespace
      // SPEC §5: needs an adapter for the namespace (an effect reports "Adapter not found"), and
      // ignores duplicates by id.
      if (!state.adapters.includes(namespace)) return state
      if (state.byNamespace[namespace].networks.some((n) => n.caipNetworkId === network.caipNetworkId)) return state
      return withRecord(state, namespace, ({ networks, networkState }) => ({
        namespace,
        networks: [...networks, network],
        networkState: {
          ...networkState,
          requestedCaipNetworks: [...networkState.requestedCaipNetworks, network],
          selectedCaipNetworkId: networkState.selectedCaipNetworkId ?? network.caipNetworkId,
        },
      }))
    }

    case 'NETWORK_REMOVED': {
      const { caipNetworkId } = event.payload
      const namespace = chainNamespaceOf(caipNetworkId)
      if (namespace === undefined) return state
      const record = state.byNamespace[namespace]
      const matches = (n: CaipNetwork) => n.caipNetworkId === caipNetworkId
      const networks = withoutFirst(record.networks, matches)
      if (networks === record.networks) return state
      const { networkState } = record
      const next = withRecord(state, namespace, () => ({
        ...record,
        networks,
        networkState: patch(networkState, {
          requestedCaipNetworks: withoutFirst(networkState.requestedCaipNetworks, matches),
          selectedCaipNetworkId:
            networkState.selectedCaipNetworkId === caipNetworkId ? (networks[0]?.caipNetworkId ?? null) : networkState.selectedCaipNetworkId,
        }),
      }))
      // SPEC §4: removing the active network falls back to the first network of another chain.
      return state.activeCaipNetworkId === caipNetworkId ? fallBackFrom(next, namespace) : next
    }

    case 'NETWORKS_APPROVED': {
      const { namespace, caipNetworkIds, supportsAllNetworks } = event.payload
      const same = sameList(state.byNamespace[namespace].networkState.approvedCaipNetworkIds, caipNetworkIds)
      return withNetworkState(state, namespace, same ? { supportsAllNetworks } : { approvedCaipNetworkIds: caipNetworkIds, supportsAllNetworks })
    }

    case 'SMART_ACCOUNT_NETWORKS_REPORTED':
      return setSmartAccountNetworks(state, event.payload.caipNetworkIds)

    case 'ADAPTER_ADDED':
      return state.adapters.includes(event.payload.namespace) ? state : { ...state, adapters: [...state.adapters, event.payload.namespace] }

    case 'ADAPTER_REMOVED': {
      const { namespace } = event.payload
      if (!state.adapters.includes(namespace)) return state
      // The namespace's networks go with its adapter: nothing could switch to them any more.
      const next: S = {
        ...state,
        adapters: withoutFirst(state.adapters, (ns) => ns === namespace),
        byNamespace: { ...state.byNamespace, [namespace]: emptyNamespaceRecord(namespace) },
      }
      // SPEC §4: removing the active adapter falls back to the first network of another chain.
      return activeIn(next, namespace) ? fallBackFrom(next, namespace) : next
    }

    // The account of the namespace switched to is in, or the switch or connection ended: the
    // namespace switch is over.
    case 'ACCOUNT_CONNECTED':
    case 'ACCOUNTS_CHANGED':
      return event.payload.namespace === state.activeNamespace ? endNamespaceSwitch(state) : state
    case 'CONNECT_SUCCESS':
    case 'NETWORK_SWITCH_FAILED':
    case 'CONNECTION_RESET':
    case 'DISCONNECT_SUCCESS':
      return endNamespaceSwitch(state)

    default:
      return state
  }
}

/** Whether the namespace's account is in, in the state before the event (false without an account slice). */
function hasAccount(root: RootState | undefined, namespace: ChainNamespace): boolean {
  // The account slice is absent when a kernel runs the networks module alone (tests, tools).
  const accounts = (root as Partial<RootState> | undefined)?.account?.accounts
  return accounts !== undefined && accounts[namespace].address !== null
}

/** Smart-account networks are kept per namespace, each id under the namespace it names. */
function setSmartAccountNetworks(state: S, caipNetworkIds: readonly string[]): S {
  let next = state
  for (const namespace of CHAIN_NAMESPACES) {
    const ids = caipNetworkIds.filter((id, i) => chainNamespaceOf(id) === namespace && caipNetworkIds.indexOf(id) === i)
    if (!sameList(next.byNamespace[namespace].networkState.smartAccountEnabledNetworks, ids))
      next = withNetworkState(next, namespace, { smartAccountEnabledNetworks: ids })
  }
  return next
}
