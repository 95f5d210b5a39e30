/**
 * Where the visitor goes back to when one namespace leaves (its disconnect or reset) while another
 * stays connected (issue 28 §5): read by the router, which keeps Account open for it, and by the
 * disconnect's `backToConnected` (src/connectors/effects/partialDisconnect.ts), which makes it
 * active. One rule in one place, so the view and the switch never disagree.
 */
import type { RootState } from '../../kernel/registry'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { CaipNetwork } from '../../events/shapes/network'
import { findNetwork } from '../networks/selectors'

/**
 * The network of the first connected namespace other than `leaving`: the chain its wallet is on,
 * else the one selected there; undefined when no other namespace is connected. The same answer on
 * the state before the reset and after it (a reset of `leaving` changes neither the other
 * namespaces' accounts nor the networks). Reads no account when the state has no account slice
 * (a kernel running the router alone).
 *
 * ```ts
 * networkStillConnected(state, 'solana') // Ethereum while eip155 stays connected on chain 1
 * ```
 */
export function networkStillConnected(root: RootState, leaving: ChainNamespace): CaipNetwork | undefined {
  const accounts = (root as Partial<RootState>).account?.accounts
  for (const ns of root.connection.connectedNamespaces) {
    if (ns === leaving) continue
    const caipAddress = accounts?.[ns].caipAddress ?? null
    const onChain = caipAddress === null ? undefined : findNetwork(root.networks, caipAddress.slice(0, caipAddress.lastIndexOf(':')))
    const selected = root.networks.byNamespace[ns].networkState.selectedCaipNetworkId
    const network = onChain ?? (selected === null ? undefined : findNetwork(root.networks, selected))
    if (network) return network
  }
  return undefined
}
