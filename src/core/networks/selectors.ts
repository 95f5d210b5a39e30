/**
 * Selectors over the networks slice. Each returns a value held in state, a shared constant, or a
 * value memoised on the state it was derived from, so the same state gives the same reference
 * and `useSyncExternalStore` does not loop.
 */
import type { RootState } from '../../kernel/registry'
import type { CaipNetwork } from '../../events/shapes/network'
import type { Draft } from 'immer'
import { CHAIN_NAMESPACES, chainNamespaceOf, type ChainNamespace } from '../../events/shapes/namespace'
import { isNetworkSupported, isSmartAccountEnabled, shouldShowUnsupportedChain } from './rules'
import type { NamespaceRecord, NetworksState } from './state'

const NO_NETWORKS: readonly CaipNetwork[] = Object.freeze([])

/**
 * A configured network by CAIP-2 id, looked up in its namespace's record; undefined for an id the
 * site did not configure (or one that names no SPEC §3 namespace).
 *
 * ```ts
 * findNetwork(state.networks, 'eip155:137')?.name // 'Polygon'
 * ```
 */
export function findNetwork(state: NetworksState | Draft<NetworksState>, caipNetworkId: string): CaipNetwork | undefined {
  const namespace = chainNamespaceOf(caipNetworkId)
  if (namespace === undefined) return undefined
  return (state.byNamespace[namespace].networks as readonly CaipNetwork[]).find((n) => n.caipNetworkId === caipNetworkId)
}

/** The networks slice. `selectNetworksState(state).adapters` */
export function selectNetworksState(state: RootState): NetworksState {
  return state.networks
}

/**
 * The active network: a configured one, the unsupported placeholder, or null before options.
 *
 * ```ts
 * selectActiveNetwork(state)?.caipNetworkId // 'eip155:1'
 * ```
 */
export function selectActiveNetwork(state: RootState): CaipNetwork | null {
  const slice = state.networks
  const id = slice.activeCaipNetworkId
  if (id === null || slice.activeNamespace === null) return null
  if (slice.unsupportedNetwork?.caipNetworkId === id) return slice.unsupportedNetwork
  return slice.byNamespace[slice.activeNamespace].networks.find((n) => n.caipNetworkId === id) ?? null
}

/** The active namespace. `selectActiveNamespace(state) // 'solana'` */
export function selectActiveNamespace(state: RootState): ChainNamespace | null {
  return state.networks.activeNamespace
}

/** The active network's CAIP-2 id. `selectActiveCaipNetworkId(state) // 'eip155:137'` */
export function selectActiveCaipNetworkId(state: RootState): string | null {
  return state.networks.activeCaipNetworkId
}

const networksSelectors = new Map<ChainNamespace, (state: RootState) => readonly CaipNetwork[]>()

/**
 * The site's networks of one namespace. The selector for a namespace is created once, so it can
 * be passed inline to a hook.
 *
 * ```ts
 * selectNetworks('solana')(state) // [solana, solanaDevnet]
 * ```
 */
export function selectNetworks(namespace: ChainNamespace): (state: RootState) => readonly CaipNetwork[] {
  let selector = networksSelectors.get(namespace)
  if (!selector) {
    selector = (state) => state.networks.byNamespace[namespace].networks
    networksSelectors.set(namespace, selector)
  }
  return selector
}

const recordSelectors = new Map<ChainNamespace, (state: RootState) => NamespaceRecord>()

/**
 * SPEC §3 per-namespace record (namespace, network state, networks) of one namespace.
 *
 * ```ts
 * selectNamespaceRecord('eip155')(state).networkState.approvedCaipNetworkIds
 * ```
 */
export function selectNamespaceRecord(namespace: ChainNamespace): (state: RootState) => NamespaceRecord {
  let selector = recordSelectors.get(namespace)
  if (!selector) {
    selector = (state) => state.networks.byNamespace[namespace]
    recordSelectors.set(namespace, selector)
  }
  return selector
}

/** Memoise a list derived from the slice on the slice parts it reads. */
function memoOnSlice(derive: (slice: NetworksState) => readonly CaipNetwork[]): (state: RootState) => readonly CaipNetwork[] {
  let lastByNamespace: NetworksState['byNamespace'] | undefined
  let lastAdapters: NetworksState['adapters'] | undefined
  let last: readonly CaipNetwork[] = NO_NETWORKS
  return (state) => {
    const slice = state.networks
    if (slice.byNamespace !== lastByNamespace || slice.adapters !== lastAdapters) {
      lastByNamespace = slice.byNamespace
      lastAdapters = slice.adapters
      const next = derive(slice)
      // Same content, same reference: a change elsewhere in the records must not re-render a list.
      if (next.length !== last.length || next.some((n, i) => n !== last[i])) last = next.length === 0 ? NO_NETWORKS : next
    }
    return last
  }
}

/** Namespaces in the order adapters were set up, then the rest in SPEC order. */
function namespaceOrder(slice: NetworksState): ChainNamespace[] {
  return [...slice.adapters, ...CHAIN_NAMESPACES].filter((ns, i, all) => all.indexOf(ns) === i)
}

/**
 * Every network of every namespace, namespaces in the order they were set up.
 *
 * ```ts
 * selectAllNetworks(state).map((n) => n.caipNetworkId) // ['eip155:1', 'eip155:137', 'solana:5eykt…']
 * ```
 */
export const selectAllNetworks: (state: RootState) => readonly CaipNetwork[] = memoOnSlice((slice) =>
  namespaceOrder(slice).flatMap((ns) => slice.byNamespace[ns].networks),
)

/**
 * Every requested network of every namespace.
 *
 * ```ts
 * selectAllRequestedNetworks(state).length // 3
 * ```
 */
export const selectAllRequestedNetworks: (state: RootState) => readonly CaipNetwork[] = memoOnSlice((slice) =>
  namespaceOrder(slice).flatMap((ns) => slice.byNamespace[ns].networkState.requestedCaipNetworks),
)

/**
 * The requested networks of the active namespace: what the support check of SPEC §5 and the
 * UnsupportedChain rule of SPEC §2 compare the active network with.
 *
 * ```ts
 * isNetworkSupported(selectActiveNetwork(state), selectRequestedNetworks(state))
 * ```
 */
export function selectRequestedNetworks(state: RootState): readonly CaipNetwork[] {
  const namespace = state.networks.activeNamespace
  return namespace === null ? NO_NETWORKS : state.networks.byNamespace[namespace].networkState.requestedCaipNetworks
}

/** Namespaces with an adapter. `selectAdapters(state) // ['eip155', 'solana']` */
export function selectAdapters(state: RootState): readonly ChainNamespace[] {
  return state.networks.adapters
}

/** SPEC §4 is-switching-namespace flag. `selectIsSwitchingNamespace(state) // false` */
export function selectIsSwitchingNamespace(state: RootState): boolean {
  return state.networks.isSwitchingNamespace
}

/** SPEC §5 support check of the active network. `selectIsActiveNetworkSupported(state) // true` */
export function selectIsActiveNetworkSupported(state: RootState): boolean {
  return isNetworkSupported(selectActiveNetwork(state), selectRequestedNetworks(state))
}

/**
 * SPEC §5 smart-account rule for the active network, against its namespace's enabled list.
 *
 * ```ts
 * selectIsSmartAccountEnabled(state) // true on eip155:137 when 'eip155:137' is enabled
 * ```
 */
export function selectIsSmartAccountEnabled(state: RootState): boolean {
  const { activeNamespace, activeCaipNetworkId, byNamespace } = state.networks
  if (activeNamespace === null) return false
  return isSmartAccountEnabled(activeCaipNetworkId, byNamespace[activeNamespace].networkState.smartAccountEnabledNetworks)
}

const unsupportedSelectors = new Map<boolean, (state: RootState) => boolean>()

/**
 * SPEC §2 UnsupportedChain rule for the active network. Whether the connection is a basic relay
 * one is not this slice's to know, so the caller passes it.
 *
 * ```ts
 * selectShowUnsupportedChain(false)(state) // true when on a chain the site did not request
 * ```
 */
export function selectShowUnsupportedChain(isBasicRelayConnection: boolean): (state: RootState) => boolean {
  let selector = unsupportedSelectors.get(isBasicRelayConnection)
  if (!selector) {
    selector = (state) =>
      shouldShowUnsupportedChain({
        activeNetwork: selectActiveNetwork(state),
        requested: selectRequestedNetworks(state),
        enableNetworkSwitch: state.networks.enableNetworkSwitch,
        allowUnsupportedChain: state.networks.allowUnsupportedChain,
        isBasicRelayConnection,
      })
    unsupportedSelectors.set(isBasicRelayConnection, selector)
  }
  return selector
}

/**
 * The network a connection of `namespace` would use: the active network when it is of that
 * namespace, else the namespace's selected network, else its first; undefined when the site
 * configured none there.
 *
 * ```ts
 * namespaceNetwork(state, 'solana')?.caipNetworkId // 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
 * ```
 */
export function namespaceNetwork(state: RootState, namespace: ChainNamespace): CaipNetwork | undefined {
  const record = state.networks.byNamespace[namespace]
  const networks = record.networks as readonly CaipNetwork[]
  const wanted = state.networks.activeNamespace === namespace ? state.networks.activeCaipNetworkId : record.networkState.selectedCaipNetworkId
  return networks.find((n) => n.caipNetworkId === wanted) ?? networks[0]
}
