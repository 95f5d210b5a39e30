/**
 * SPEC §4 "Switch network": "Different namespace using the embedded auth wallet on a supported
 * chain: connect or switch via the auth provider, falling back to an adapter switch on error."
 * Read here: the wallet active on the active namespace is the embedded one (a connector of type
 * AUTH), and the namespace switched to is one its frame serves (the embedded-wallet plugin adds its
 * connector there from the frame's READY). When that namespace has no wallet yet, the switch goes
 * there at once instead of through SwitchActiveChain, and connects the embedded wallet there
 * through the frame (src/connectors/effects/embeddedSwitch.ts, which checks the rest, in the wallet
 * effects' chunk). Where it is connected already, the ordinary switch asks it (its provider is the
 * namespace's wallet).
 */
import type { Connector } from '../../events/shapes/connector'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { RootState } from '../../kernel/registry'

/**
 * The embedded wallet's connector on `namespace` when the embedded wallet is the one active on the
 * active namespace and its frame serves `namespace`, else undefined.
 *
 * ```ts
 * embeddedConnectorOn(state, 'solana') // { id: 'AUTH', type: 'AUTH', chain: 'solana', … } when signed in by email on eip155
 * ```
 */
export function embeddedConnectorOn(state: RootState, namespace: ChainNamespace): Connector | undefined {
  const id = state.connectors.activeConnectorIds[state.networks.activeNamespace!]
  return state.connectors.allConnectors.find((c) => c.type === 'AUTH' && c.id === id && c.chain === namespace)
}
