/**
 * The site's Solana networks as Airlock's wallet lists them to apps: every name each goes by
 * (src/chains/solana/chains.ts: its CAIP-2 id, `solana:localnet` for a cluster on loopback, the
 * public cluster's name), so an app on Solana's wallet adapter finds the chain it derives from its
 * own RPC endpoint (`getChainForEndpoint`: `solana:localnet` for 127.0.0.1, `solana:devnet`, …).
 * And back: the network an app's chain names.
 */
import type { CaipNetwork } from '../events/shapes/network'
import type { RootState } from '../kernel/registry'
import { namespaceNetwork } from '../core/networks/selectors'
import { solanaChainNames } from '../chains/solana/chains'

const namesOf = (network: CaipNetwork): `solana:${string}`[] =>
  solanaChainNames({ caipNetworkId: network.caipNetworkId, rpcUrl: network.rpcUrls.default.http[0] })

/** The site's Solana networks. */
export const solanaNetworks = (state: RootState): readonly CaipNetwork[] => state.networks.byNamespace.solana.networks

/**
 * Every chain the site's Solana networks go by, each once, in the order of the networks.
 *
 * ```ts
 * siteChains(state) // ['solana:8E9rvCKL…', 'solana:localnet', 'solana:EtWTRABZ…', 'solana:devnet']
 * ```
 */
export function siteChains(state: RootState): `solana:${string}`[] {
  return [...new Set(solanaNetworks(state).flatMap(namesOf))]
}

/**
 * The network an app's `chain` names: the one Airlock uses on Solana when it goes by that name
 * (two local clusters are both `solana:localnet`), else the first that does; undefined when none
 * does. Without a chain, the network Airlock uses on Solana.
 *
 * ```ts
 * networkForChain(state, 'solana:localnet')?.name // 'Solana Local'
 * ```
 */
export function networkForChain(state: RootState, chain: string | undefined): CaipNetwork | undefined {
  const current = namespaceNetwork(state, 'solana')
  if (chain === undefined) return current
  if (current && namesOf(current).includes(chain as `solana:${string}`)) return current
  return solanaNetworks(state).find((network) => namesOf(network).includes(chain as `solana:${string}`))
}
