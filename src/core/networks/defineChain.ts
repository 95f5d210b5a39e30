/**
 * Building network (chain) definitions: the built-in chains, the site's local chains (for example
 * an anvil node) and networks passed in options all go through here, so every network in state
 * has exactly the SPEC §3 fields and a CAIP-2 id that agrees with its namespace and id.
 */
import type { CaipNetwork, NativeCurrency } from '../../events/shapes/network'
import type { ChainNamespace } from '../../events/shapes/namespace'
import { formatCaipNetworkId } from '../../validation/caip2'

export interface ChainDefinition {
  /** The chain id: a number for eip155, the genesis-hash reference for solana and bip122. */
  readonly id: number | string
  readonly name: string
  readonly nativeCurrency: NativeCurrency
  /** Public JSON-RPC URLs (`rpcUrls.default.http` of SPEC §3). */
  readonly rpcUrls: { readonly default: { readonly http: readonly string[] } }
  readonly blockExplorers?: { readonly default: { readonly name: string; readonly url: string } }
  /** Defaults to eip155. */
  readonly chainNamespace?: ChainNamespace
  readonly testnet?: boolean
}

/**
 * Define a network. The CAIP-2 id is `chainNamespace:id` (SPEC §3 "form namespace:chainId"); a
 * namespace or id that breaks the CAIP-2 grammar throws, because a definition is code, not input.
 *
 * ```ts
 * export const anvil = defineChain({
 *   id: 31337,
 *   name: 'Anvil',
 *   nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
 *   rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
 *   testnet: true,
 * })
 * anvil.caipNetworkId // 'eip155:31337'
 * ```
 */
export function defineChain(definition: ChainDefinition): CaipNetwork {
  const chainNamespace = definition.chainNamespace ?? 'eip155'
  const caipNetworkId = formatCaipNetworkId({ namespace: chainNamespace, reference: String(definition.id) })
  return normalizeNetwork({ ...definition, chainNamespace, caipNetworkId })
}

/**
 * Copy a decoded network keeping only the SPEC §3 fields. A network object from elsewhere (a
 * viem chain, say) carries formatters, contracts and functions that have no place in the state
 * tree or the event log.
 *
 * ```ts
 * normalizeNetwork({ ...ethereum, formatters: {} }) // no `formatters`
 * ```
 */
export function normalizeNetwork(network: Omit<CaipNetwork, 'rpcUrls'> & ChainDefinition): CaipNetwork {
  const explorer = network.blockExplorers?.default
  return {
    id: network.id,
    name: network.name,
    nativeCurrency: {
      name: network.nativeCurrency.name,
      symbol: network.nativeCurrency.symbol,
      decimals: network.nativeCurrency.decimals,
    },
    rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
    caipNetworkId: network.caipNetworkId,
    chainNamespace: network.chainNamespace,
    ...(explorer === undefined ? {} : { blockExplorers: { default: { name: explorer.name, url: explorer.url } } }),
    ...(network.testnet === undefined ? {} : { testnet: network.testnet }),
  }
}
