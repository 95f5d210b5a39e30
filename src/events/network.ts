/** Networks: switching, unsupported chains, adding and removing (SPEC §4, §5). */
import * as t from 'io-ts'
import { defineEvent } from './define'
import { CaipNetwork } from './shapes/network'
import { ChainNamespace } from './shapes/namespace'

/** The active network changed (the fact). */
export const NetworkSwitched = defineEvent('NETWORK_SWITCHED', t.type({ caipNetworkId: t.string }))
export type NetworkSwitched = t.TypeOf<typeof NetworkSwitched>

/** Public analytics event for a network switch, with the industry's name and payload. */
export const SwitchNetwork = defineEvent('SWITCH_NETWORK', t.type({ network: t.string }))
export type SwitchNetwork = t.TypeOf<typeof SwitchNetwork>

/**
 * A switch the wallet refused or that failed: the modal goes back (SPEC §4). `code` is the
 * wallet's provider code when it gave one (4001: the visitor declined).
 */
export const NetworkSwitchFailed = defineEvent(
  'NETWORK_SWITCH_FAILED',
  t.intersection([t.type({ caipNetworkId: t.string, message: t.string }), t.partial({ code: t.number })]),
)
export type NetworkSwitchFailed = t.TypeOf<typeof NetworkSwitchFailed>

/** The wallet reports a chain the site did not configure: the active network becomes a placeholder. */
export const NetworkUnsupported = defineEvent('NETWORK_UNSUPPORTED', t.type({ namespace: ChainNamespace, chainId: t.union([t.string, t.number]) }))
export type NetworkUnsupported = t.TypeOf<typeof NetworkUnsupported>

export const NetworkAdded = defineEvent('NETWORK_ADDED', t.type({ network: CaipNetwork }))
export type NetworkAdded = t.TypeOf<typeof NetworkAdded>

export const NetworkRemoved = defineEvent('NETWORK_REMOVED', t.type({ caipNetworkId: t.string }))
export type NetworkRemoved = t.TypeOf<typeof NetworkRemoved>

/** The wallet approved these networks (e.g. a relay session's chains). */
export const NetworksApproved = defineEvent(
  'NETWORKS_APPROVED',
  t.type({ namespace: ChainNamespace, caipNetworkIds: t.array(t.string), supportsAllNetworks: t.boolean }),
)
export type NetworksApproved = t.TypeOf<typeof NetworksApproved>

/** The wallet reported where it has smart accounts (the embedded wallet's frame, SPEC §7), as CAIP-2 ids; empty when it could not say. */
export const SmartAccountNetworksReported = defineEvent('SMART_ACCOUNT_NETWORKS_REPORTED', t.type({ caipNetworkIds: t.array(t.string) }))
export type SmartAccountNetworksReported = t.TypeOf<typeof SmartAccountNetworksReported>

/** An adapter (chain namespace implementation) was registered or removed. */
export const AdapterAdded = defineEvent('ADAPTER_ADDED', t.type({ namespace: ChainNamespace }))
export type AdapterAdded = t.TypeOf<typeof AdapterAdded>
export const AdapterRemoved = defineEvent('ADAPTER_REMOVED', t.type({ namespace: ChainNamespace }))
export type AdapterRemoved = t.TypeOf<typeof AdapterRemoved>

/**
 * A switch that must go through the connected wallet first (SPEC §4: same namespace with an
 * address, switch via the adapter). The connector effect answers with NETWORK_SWITCHED or
 * NETWORK_SWITCH_FAILED.
 */
export const NetworkSwitchRequested = defineEvent('NETWORK_SWITCH_REQUESTED', t.type({ caipNetworkId: t.string }))
export type NetworkSwitchRequested = t.TypeOf<typeof NetworkSwitchRequested>

export const networkEvents = {
  NETWORK_SWITCH_REQUESTED: NetworkSwitchRequested,
  NETWORK_SWITCHED: NetworkSwitched,
  SWITCH_NETWORK: SwitchNetwork,
  NETWORK_SWITCH_FAILED: NetworkSwitchFailed,
  NETWORK_UNSUPPORTED: NetworkUnsupported,
  NETWORK_ADDED: NetworkAdded,
  NETWORK_REMOVED: NetworkRemoved,
  NETWORKS_APPROVED: NetworksApproved,
  SMART_ACCOUNT_NETWORKS_REPORTED: SmartAccountNetworksReported,
  ADAPTER_ADDED: AdapterAdded,
  ADAPTER_REMOVED: AdapterRemoved,
} as const
