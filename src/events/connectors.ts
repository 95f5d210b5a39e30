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

/** A wallet's session through this connector became the namespace's (its accounts follow). */
export const ConnectorActivated = defineEvent('CONNECTOR_ACTIVATED', t.type({ namespace: ChainNamespace, connectorId: t.string }))
export type ConnectorActivated = t.TypeOf<typeof ConnectorActivated>

/** The namespace's last network was removed: its wallets leave Connect (SPEC §4). */
export const NamespaceEmptied = defineEvent('NAMESPACE_EMPTIED', t.type({ namespace: ChainNamespace }))
export type NamespaceEmptied = t.TypeOf<typeof NamespaceEmptied>

export const connectorEvents = {
  CONNECTORS_ANNOUNCED: ConnectorsAnnounced,
  CONNECTORS_ADDED: ConnectorsAdded,
  CONNECTOR_ACTIVATED: ConnectorActivated,
  NAMESPACE_EMPTIED: NamespaceEmptied,
} as const
