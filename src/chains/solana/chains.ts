/**
 * How Solana chains are named. The site names a chain by its CAIP-2 id (`solana:` and the first 32
 * characters of the genesis hash); wallets that predate CAIP-2 for Solana list the three public
 * clusters by name instead (`solana:mainnet`, `solana:devnet`, `solana:testnet`, from
 * @solana/wallet-standard-chains). Any other chain (a local validator, a fork) has only its id.
 */

/** A chain identifier of the solana namespace, in either form. */
export const isSolanaChain = (chain: unknown): chain is `solana:${string}` => typeof chain === 'string' && chain.startsWith('solana:')

const CLUSTER_NAMES: Readonly<Record<string, `solana:${string}`>> = {
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana:devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

/**
 * The form in which a wallet listing `walletChains` knows the chain `caipNetworkId`: the id itself,
 * else the cluster name the wallet lists instead; undefined when the wallet has neither.
 *
 * ```ts
 * walletChainFor('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', ['solana:mainnet']) // 'solana:mainnet'
 * walletChainFor('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', ['solana:devnet']) // undefined
 * ```
 */
export function walletChainFor(caipNetworkId: string, walletChains: readonly string[]): `solana:${string}` | undefined {
  if (walletChains.includes(caipNetworkId) && isSolanaChain(caipNetworkId)) return caipNetworkId
  const name = CLUSTER_NAMES[caipNetworkId]
  return name !== undefined && walletChains.includes(name) ? name : undefined
}
