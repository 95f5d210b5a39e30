/** Connectors: discovered, configured and active (SPEC §3 connector state). */
import * as t from 'io-ts'
import { defineEvent } from './define'
import { Connector } from './shapes/connector'
import { ChainNamespace } from './shapes/namespace'

/** Wallets announced through EIP-6963 (already decoded and sanitised). */
export const ConnectorsAnnounced = defineEvent('CONNECTORS_ANNOUNCED', t.type({ connectors: t.array(Connector) }))
export type ConnectorsAnnounced = t.TypeOf<typeof ConnectorsAnnounced>

/** Connectors the SDK set up itself: injected, WalletConnect, auth, custom. */
export const ConnectorsAdded = defineEvent('CONNECTORS_ADDED', t.type({ connectors: t.array(Connector) }))
export type ConnectorsAdded = t.TypeOf<typeof ConnectorsAdded>

/** The connector in use for a namespace, or null. */
export const ActiveConnectorSet = defineEvent('ACTIVE_CONNECTOR_SET', t.type({ namespace: ChainNamespace, connectorId: t.union([t.string, t.null]) }))
export type ActiveConnectorSet = t.TypeOf<typeof ActiveConnectorSet>

/** Turns a namespace's filter on or off (SPEC §4: removing a namespace's last network disables it). */
export const NamespaceFilterSet = defineEvent('NAMESPACE_FILTER_SET', t.type({ namespace: ChainNamespace, enabled: t.boolean }))
export type NamespaceFilterSet = t.TypeOf<typeof NamespaceFilterSet>

export const connectorEvents = {
  CONNECTORS_ANNOUNCED: ConnectorsAnnounced,
  CONNECTORS_ADDED: ConnectorsAdded,
  ACTIVE_CONNECTOR_SET: ActiveConnectorSet,
  NAMESPACE_FILTER_SET: NamespaceFilterSet,
} as const
