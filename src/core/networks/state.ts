/**
 * The networks slice: SPEC §3 per-namespace records (without the account state, which the account
 * module keeps), the active network, and the namespaces that have an adapter.
 */
import type { CaipNetwork } from '../../events/shapes/network'
import { CHAIN_NAMESPACES, type ChainNamespace } from '../../events/shapes/namespace'

/** SPEC §3 network state of one namespace. */
export interface NetworkState {
  /** The network last selected in this namespace (its "selected network"), or null. */
  readonly selectedCaipNetworkId: string | null
  /** Whether the connected wallet can use any network (false when it approved only some). */
  readonly supportsAllNetworks: boolean
  /** CAIP-2 ids of the networks where a smart account can be used. */
  readonly smartAccountEnabledNetworks: readonly string[]
  /** CAIP-2 ids the connected wallet approved (a relay session's chains, say). */
  readonly approvedCaipNetworkIds: readonly string[]
  /** The networks the site requested for this namespace: what the support check compares with. */
  readonly requestedCaipNetworks: readonly CaipNetwork[]
}

/** SPEC §3 per-namespace record, minus the account state. */
export interface NamespaceRecord {
  readonly namespace: ChainNamespace
  readonly networkState: NetworkState
  /** The site's networks of this namespace, in the order configured (then added). */
  readonly networks: readonly CaipNetwork[]
}

export interface NetworksState {
  readonly activeNamespace: ChainNamespace | null
  /** The active network's CAIP-2 id: a configured network's or the unsupported placeholder's. */
  readonly activeCaipNetworkId: string | null
  readonly byNamespace: Readonly<Record<ChainNamespace, NamespaceRecord>>
  /**
   * Namespaces with an adapter, in the order they were set up. Every namespace of the configured
   * networks has one from the start (a generic relay adapter stands in where the site gave none);
   * ADAPTER_ADDED and ADAPTER_REMOVED change the list afterwards.
   */
  readonly adapters: readonly ChainNamespace[]
  /** Set when a switch changes namespace, until that namespace's account is in (SPEC §4). */
  readonly isSwitchingNamespace: boolean
  /** The placeholder network while the wallet is on a chain the site did not configure. */
  readonly unsupportedNetwork: CaipNetwork | null
  /** From the options: what the UnsupportedChain rule (SPEC §2) needs besides the networks. */
  readonly enableNetworkSwitch: boolean
  readonly allowUnsupportedChain: boolean
}

export const initialNetworkState: NetworkState = {
  selectedCaipNetworkId: null,
  supportsAllNetworks: true,
  smartAccountEnabledNetworks: [],
  approvedCaipNetworkIds: [],
  requestedCaipNetworks: [],
}

/**
 * An empty record for a namespace: no networks, the initial network state.
 *
 * ```ts
 * emptyNamespaceRecord('bip122').networks // []
 * ```
 */
export function emptyNamespaceRecord(namespace: ChainNamespace): NamespaceRecord {
  return { namespace, networkState: initialNetworkState, networks: [] }
}

export const initialNetworksState: NetworksState = {
  activeNamespace: null,
  activeCaipNetworkId: null,
  byNamespace: Object.fromEntries(CHAIN_NAMESPACES.map((ns) => [ns, emptyNamespaceRecord(ns)])) as Record<ChainNamespace, NamespaceRecord>,
  adapters: [],
  isSwitchingNamespace: false,
  unsupportedNetwork: null,
  enableNetworkSwitch: true,
  allowUnsupportedChain: false,
}

declare module '../../kernel/registry' {
  interface StateRegistry {
    networks: NetworksState
  }
}
