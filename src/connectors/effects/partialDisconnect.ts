/**
 * A disconnect of one namespace while another stays connected (issue 28 §5), in the loaded wallet
 * effects (a page with nothing connected never needs it):
 * - a wallet connected in another namespace too (one provider for several: the embedded wallet's
 *   frame, a WalletConnect session) is not told: its session goes on there (`disconnect('solana')`
 *   signed the frame out while eip155 still showed the embedded wallet connected);
 * - when the namespace left was the active one, a namespace still connected becomes active again
 *   (after every reset of one namespace: the visitor's disconnect or a wallet leaving by itself),
 *   on the network its wallet is on (the visitor who joined Solana and left it is back on
 *   Ethereum, still signed in there: the siwx plugin checks the active account's sign-in).
 */
import { map } from 'rxjs'
import { createEvent, type RootState } from '../../kernel/registry'
import type { Command, Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { WalletProvider } from '../../chains/adapter'
import type { CaipNetwork } from '../../events/shapes/network'
import { findNetwork } from '../../core/networks/selectors'
import type { ProviderRegistry } from '../providerRegistry'
import { disconnectedNamespaces, disconnectTargets } from './withoutWallet'

/** The connector ids `namespace` holds: its active one and the others beside it. */
const heldIn = (state: RootState, namespace: ChainNamespace): (string | null | undefined)[] => [
  state.connectors.activeConnectorIds[namespace],
  ...(state.connection.connections[namespace] ?? []).map((c) => c.connectorId),
]

/**
 * Whether the wallet `connectorId` stays connected in a namespace not in `leaving`.
 *
 * ```ts
 * connectedElsewhere(state, 'AUTH', ['solana']) // true while the embedded wallet is eip155's too
 * ```
 */
export const connectedElsewhere = (state: RootState, connectorId: string, leaving: readonly ChainNamespace[]): boolean =>
  state.connection.connectedNamespaces.some((ns) => !leaving.includes(ns) && heldIn(state, ns).includes(connectorId))

/** The wallets a disconnect of `namespace` tells (disconnectTargets), less those that stay connected in another namespace. */
export function toldOfDisconnect(
  state: RootState,
  providers: Pick<ProviderRegistry, 'get'>,
  namespace: ChainNamespace | null,
): [ChainNamespace, WalletProvider][] {
  const leaving = disconnectedNamespaces(state, namespace)
  const staying = new Set(
    state.connection.connectedNamespaces
      .filter((ns) => !leaving.includes(ns))
      .flatMap((ns) => heldIn(state, ns).map((id) => (id ? providers.get(id) : undefined))),
  )
  return disconnectTargets(state, providers, namespace).filter(([, provider]) => !staying.has(provider))
}

/**
 * The network of the first connected namespace other than `leaving`: the chain its wallet is on,
 * else the one selected there, else its first; undefined when no other namespace is connected (the
 * router keeps Account open on that same condition, src/core/router/reducer.ts).
 */
function stillConnected(root: RootState, leaving: ChainNamespace): CaipNetwork | undefined {
  for (const ns of root.connection.connectedNamespaces) {
    if (ns === leaving) continue
    const caipAddress = root.account.accounts[ns].caipAddress
    const onChain = caipAddress === null ? undefined : findNetwork(root.networks, caipAddress.slice(0, caipAddress.lastIndexOf(':')))
    const { networks, networkState } = root.networks.byNamespace[ns]
    const selected = networkState.selectedCaipNetworkId === null ? undefined : findNetwork(root.networks, networkState.selectedCaipNetworkId)
    const network = onChain ?? selected ?? networks[0]
    if (network) return network
  }
  return undefined
}

/**
 * After a disconnect (or reset) of `namespace`: when it was the active one and another namespace
 * is still connected, that one's network becomes active (its wallet's chain, else the one selected
 * there). Run on the state after the reset.
 *
 * ```ts
 * backToConnected('solana')(state) // [NETWORK_SWITCHED eip155:1] when eip155 stays connected
 * ```
 */
export const backToConnected =
  (namespace: ChainNamespace | null): Command =>
  (root) => {
    if (namespace === null || root.networks.activeNamespace !== namespace) return []
    const network = stillConnected(root, namespace)
    return network ? [createEvent('NETWORK_SWITCHED', { caipNetworkId: network.caipNetworkId })] : []
  }

/**
 * Every reset of one namespace goes back to a namespace still connected, not only the visitor's
 * disconnect: a wallet that leaves by itself (its accounts emptied, its disconnect event, a relay
 * session ended from the wallet's side) leaves the active namespace as empty as a disconnect does,
 * and the router keeps Account open on the same rule. A second run finds the namespace no longer
 * active and does nothing.
 *
 * ```ts
 * // eip155 and solana connected, solana active; CONNECTION_RESET { namespace: 'solana' } → NETWORK_SWITCHED eip155:…
 * ```
 */
export const returnAfterReset: Effect = (events$) =>
  events$.pipe(
    ofType('CONNECTION_RESET'),
    map((event) => backToConnected(event.payload.namespace)),
  )
