/**
 * The namespaces a relay-protocol session asks for, built from the networks the site configured:
 * each namespace with its chains and the methods and events of SPEC §6. The namespace of the
 * site's default network is required; every configured namespace is optional too, so a wallet
 * that supports only some of them can still approve (sign clients since 2.x send both as
 * optional anyway and leave the choice to the wallet; the client sends the optional set, which
 * holds the required one, with the default network first).
 */
import type { CaipNetwork } from '../../events/shapes/network'
import type { ChainNamespace } from '../../events/shapes/namespace'
import { relayNamespace } from '../../chains/relay'

export interface ProposalNamespace {
  readonly chains: string[]
  readonly methods: string[]
  readonly events: string[]
}

function group(networks: readonly CaipNetwork[]): Map<ChainNamespace, ProposalNamespace> {
  const byNamespace = new Map<ChainNamespace, ProposalNamespace>()
  for (const network of networks) {
    const spec = relayNamespace(network.chainNamespace)
    if (!spec) continue
    let entry = byNamespace.get(network.chainNamespace)
    if (!entry) {
      entry = { chains: [], methods: [...spec.methods], events: [...spec.events] }
      byNamespace.set(network.chainNamespace, entry)
    }
    if (!entry.chains.includes(network.caipNetworkId)) entry.chains.push(network.caipNetworkId)
  }
  return byNamespace
}

/**
 * ```ts
 * proposalNamespaces([localA, localB, solanaDevnet], 'eip155:31337')
 * // { required: { eip155: { chains: ['eip155:31337'], … } },
 * //   optional: { eip155: { chains: ['eip155:31337', 'eip155:1337'], … }, solana: { chains: ['solana:EtWT…'], … } } }
 * ```
 */
export function proposalNamespaces(
  networks: readonly CaipNetwork[],
  defaultNetworkId: string | null,
): { required: Record<string, ProposalNamespace>; optional: Record<string, ProposalNamespace> } {
  const first =
    networks.find((n) => n.caipNetworkId === defaultNetworkId && relayNamespace(n.chainNamespace) !== undefined) ??
    networks.find((n) => relayNamespace(n.chainNamespace) !== undefined) ??
    null
  // The default network leads its namespace's list: wallets take the first chain as the active one.
  const optional = Object.fromEntries(group(first ? [first, ...networks.filter((n) => n !== first)] : networks))
  const required = first && relayNamespace(first.chainNamespace) ? Object.fromEntries(group([first])) : {}
  return { required, optional }
}
