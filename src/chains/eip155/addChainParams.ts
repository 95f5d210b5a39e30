/** The `wallet_addEthereumChain` parameter of a network (SPEC §7 external wallets, EIP-3085). */
import { numberToHex } from 'viem'
import type { CaipNetwork } from '../../events/shapes/network'

export interface AddEthereumChainParameter {
  readonly chainId: `0x${string}`
  readonly chainName: string
  readonly nativeCurrency: { readonly name: string; readonly symbol: string; readonly decimals: number }
  readonly rpcUrls: readonly string[]
  readonly blockExplorerUrls?: readonly string[]
}

/** The network's EVM chain id as a number (its CAIP-2 reference). */
export function evmChainId(network: CaipNetwork): number {
  return Number(network.caipNetworkId.slice('eip155:'.length))
}

/**
 * SPEC §7: chainId, rpcUrls, chainName, nativeCurrency and blockExplorerUrls. The block explorer
 * is left out when the network has none (EIP-3085 allows it; an empty list some wallets refuse).
 *
 * ```ts
 * addChainParams(polygon)
 * // { chainId: '0x89', chainName: 'Polygon', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
 * //   rpcUrls: ['https://polygon-rpc.com'], blockExplorerUrls: ['https://polygonscan.com'] }
 * ```
 */
export function addChainParams(network: CaipNetwork): AddEthereumChainParameter {
  const explorer = network.blockExplorers?.default.url
  return {
    chainId: numberToHex(evmChainId(network)),
    chainName: network.name,
    nativeCurrency: { name: network.nativeCurrency.name, symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals },
    rpcUrls: [...network.rpcUrls.default.http],
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
  }
}
