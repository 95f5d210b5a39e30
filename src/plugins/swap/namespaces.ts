/** Where the Swap action shows: eip155 only (the convert paths are EVM's). Data, so a namespace is one more row. */
import type { ChainNamespace } from 'airlock/plugin'

export const SWAP_NAMESPACES: readonly ChainNamespace[] = ['eip155']

/**
 * SPEC §9 "Swap networks: 12 chains are listed. The wallet-relay chain list is fixed, e.g. 1, 10,
 * 56, 100, 137, 324, 8453, 42161, 43114": that list, then Fantom, Klaytn and Aurora.
 */
export const SWAP_NETWORKS: readonly string[] = [
  'eip155:1',
  'eip155:10',
  'eip155:56',
  'eip155:100',
  'eip155:137',
  'eip155:324',
  'eip155:8453',
  'eip155:42161',
  'eip155:43114',
  'eip155:250',
  'eip155:8217',
  'eip155:1313161554',
]

/**
 * The built-in chains (`airlock`'s exports) of the swap namespaces that are not swap networks: no
 * swap is offered on them, whatever the Blockchain API says (tests/unit/swapNetworks.test.ts keeps
 * this in step with the built-in list). A network the site defines itself (its own chain, as the
 * demo's local one) is not a built-in: the site's own Blockchain API decides, by its
 * v1/supported-chains (SPEC §5).
 */
export const BUILT_IN_NON_SWAP_NETWORKS: readonly string[] = ['eip155:11155111', 'eip155:42220']

/**
 * Whether Swap is offered on a network, before asking the API (SPEC §9 swap networks).
 *
 * ```ts
 * swapNetwork('eip155:100') // true: Gnosis is a swap network
 * swapNetwork('eip155:42220') // false: Celo is built in but not a swap network
 * swapNetwork('eip155:31337') // true: a site's own chain, left to its Blockchain API
 * ```
 */
export const swapNetwork = (caipNetworkId: string): boolean => SWAP_NETWORKS.includes(caipNetworkId) || !BUILT_IN_NON_SWAP_NETWORKS.includes(caipNetworkId)
