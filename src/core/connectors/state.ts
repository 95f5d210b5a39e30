/** The connectors slice (SPEC §3 connector state). */
import type { Connector } from '../../events/shapes/connector'
import type { ChainNamespace } from '../../events/shapes/namespace'

/**
 * A connector as the Connect view lists it. Same-name connectors of several namespaces are merged
 * into one entry (type MULTI_CHAIN) that keeps its members in `connectors`.
 */
export type MergedConnector = Connector & { readonly connectors?: readonly Connector[] }

export interface ConnectorsState {
  /** Every connector announced or added, once each (per namespace, by id or rdns), in arrival order. */
  readonly allConnectors: readonly Connector[]
  /** What Connect shows: `allConnectors` of enabled namespaces, same-name connectors merged. */
  readonly connectors: readonly MergedConnector[]
  /** The connector last made active, or null. */
  readonly activeConnector: Connector | null
  /** The connected connector id per namespace (SPEC §3), null when none. */
  readonly activeConnectorIds: Readonly<Record<ChainNamespace, string | null>>
  /** The namespace filter map: a namespace switched off hides its connectors. */
  readonly filterByNamespace: Readonly<Record<ChainNamespace, boolean>>
}

export const initialConnectorsState: ConnectorsState = {
  allConnectors: [],
  connectors: [],
  activeConnector: null,
  activeConnectorIds: { eip155: null, solana: null, polkadot: null, bip122: null, cosmos: null },
  filterByNamespace: { eip155: true, solana: true, polkadot: true, bip122: true, cosmos: true },
}

declare module '../../kernel/registry' {
  interface StateRegistry {
    connectors: ConnectorsState
  }
}
