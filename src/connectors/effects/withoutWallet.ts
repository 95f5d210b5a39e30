/**
 * The answers of the switch and disconnect effects when there is no wallet to ask: they need none
 * of the wallet code, so the first load gives them while that code has not loaded (see start.ts),
 * and the loaded effects give the same through these functions.
 */
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { CaipNetwork } from '../../events/shapes/network'
import { NETWORK_NOT_FOUND } from '../../kernel/errors/lookup'
import { findNetwork } from '../../core/networks/selectors'
import type { WalletProvider } from '../../chains/adapter'
import type { ProviderRegistry } from '../providerRegistry'

/** What a failed switch says when the wallet said nothing. */
export const SWITCH_FAILED_MESSAGE = 'The wallet did not switch networks'

/** A switch that asks the connected wallet of the network's namespace. */
export interface WalletSwitch {
  readonly network: CaipNetwork
  readonly provider: WalletProvider
}

/**
 * A switch request on `state`: the event that answers it when no wallet is asked (the network is
 * unknown, or its namespace has no connected wallet here), else the wallet to ask.
 *
 * ```ts
 * switchTarget(state, runtime.providers, 'eip155:137') // NETWORK_SWITCHED eip155:137 when nothing is connected
 * ```
 */
export function switchTarget(state: RootState, providers: Pick<ProviderRegistry, 'get'>, caipNetworkId: string): AirlockEvent | WalletSwitch {
  const network = findNetwork(state.networks, caipNetworkId)
  if (!network) return createEvent('NETWORK_SWITCH_FAILED', { caipNetworkId, message: NETWORK_NOT_FOUND })
  const namespace = network.chainNamespace
  const connectorId = state.connectors.activeConnectorIds[namespace]
  const provider = connectorId ? providers.get(connectorId) : undefined
  if (!provider || !state.connection.connectedNamespaces.includes(namespace)) return createEvent('NETWORK_SWITCHED', { caipNetworkId })
  return { network, provider }
}

/** The namespaces a disconnect of `namespace` (null: every connected one) ends. */
export const disconnectedNamespaces = (state: RootState, namespace: ChainNamespace | null): readonly ChainNamespace[] =>
  namespace === null ? state.connection.connectedNamespaces : [namespace]

/** The wallets a disconnect of `namespace` tells, by namespace: every one it holds with a live provider here. */
export function disconnectTargets(
  state: RootState,
  providers: Pick<ProviderRegistry, 'get'>,
  namespace: ChainNamespace | null,
): [ChainNamespace, WalletProvider][] {
  return disconnectedNamespaces(state, namespace).flatMap((ns): [ChainNamespace, WalletProvider][] => {
    // Every wallet the namespace holds (several at once, issue 28 §2), the active one first.
    const active = state.connectors.activeConnectorIds[ns]
    const held = (state.connection.connections[ns] ?? []).map((c) => c.connectorId)
    const ids = [...(active ? [active] : []), ...held.filter((id) => id !== active)]
    return ids.flatMap((id): [ChainNamespace, WalletProvider][] => {
      const provider = providers.get(id)
      return provider ? [[ns, provider]] : []
    })
  })
}

/** What a disconnect ends with once the wallets are told (or when there are none). */
export const disconnected = (namespace: ChainNamespace | null): AirlockEvent[] => [
  createEvent('DISCONNECT_SUCCESS', { namespace }),
  createEvent('CONNECTION_RESET', { namespace }),
]
