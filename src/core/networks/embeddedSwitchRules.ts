/**
 * SPEC §4 "Switch network": "Different namespace using the embedded auth wallet on a supported
 * chain: connect or switch via the auth provider, falling back to an adapter switch on error."
 * Read here: the wallet connected on the active namespace is the embedded one (a connector of type
 * AUTH), and the namespace switched to is one its frame serves (the embedded-wallet plugin adds its
 * connector there from the frame's READY) with no wallet connected yet. The network picker then
 * asks for the switch at once instead of SwitchActiveChain, and the switch effect connects the
 * embedded wallet there through the frame (src/connectors/effects/embeddedSwitch.ts). Where it is
 * connected already, the ordinary switch asks it (its provider is the namespace's wallet).
 */
import type { Connector } from '../../events/shapes/connector'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { RootState } from '../../kernel/registry'

/**
 * The embedded wallet's connector on `namespace` when a switch there connects it through the
 * frame, else undefined (the ordinary switch, or SwitchActiveChain).
 *
 * ```ts
 * embeddedSwitchConnector(state, 'solana') // { id: 'AUTH', type: 'AUTH', chain: 'solana', … } when signed in by email on eip155
 * ```
 */
export function embeddedSwitchConnector(state: RootState, namespace: ChainNamespace): Connector | undefined {
  const from = state.networks.activeNamespace
  const { connectedNamespaces } = state.connection
  if (from === null || from === namespace || !connectedNamespaces.includes(from) || connectedNamespaces.includes(namespace)) return undefined
  const id = state.connectors.activeConnectorIds[from]
  return state.connectors.allConnectors.find((c) => c.type === 'AUTH' && c.id === id && c.chain === namespace)
}
