/**
 * How Solana chains are named. The site names a chain by its CAIP-2 id (`solana:` and the first 32
 * characters of the genesis hash); wallets that predate CAIP-2 for Solana list the clusters by
 * name instead (@solana/wallet-standard-chains): the three public ones (`solana:mainnet`,
 * `solana:devnet`, `solana:testnet`) by their genesis hash, and a local validator as
 * `solana:localnet`, which has no genesis hash of its own: any cluster the site reaches on this
 * machine (an RPC URL on loopback) is the wallet's localnet. Any other chain (a remote fork, a
 * private cluster) has only its id.
 */

/** A chain identifier of the solana namespace, in either form. */
export const isSolanaChain = (chain: unknown): chain is `solana:${string}` => typeof chain === 'string' && chain.startsWith('solana:')

const CLUSTER_NAMES: Readonly<Record<string, `solana:${string}`>> = {
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana:devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

/** The Wallet Standard name of a local validator (@solana/wallet-standard-chains SOLANA_LOCALNET_CHAIN). */
export const LOCALNET = 'solana:localnet'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * Whether `rpcUrl` reaches a cluster on this machine (127.0.0.1, localhost or [::1]).
 *
 * ```ts
 * isLocalCluster('http://127.0.0.1:8899') // true
 * isLocalCluster('https://api.devnet.solana.com') // false
 * ```
 */
export function isLocalCluster(rpcUrl: string | undefined): boolean {
  if (rpcUrl === undefined) return false
  try {
    return LOOPBACK_HOSTS.has(new URL(rpcUrl).hostname)
  } catch {
    return false
  }
}

/** A site's Solana network as the naming needs it: its CAIP-2 id and its RPC endpoint. */
export interface SolanaChainRef {
  readonly caipNetworkId: string
  readonly rpcUrl?: string | undefined
}

/**
 * Every name a wallet may list the network by, the CAIP-2 id first: then `solana:localnet` for a
 * cluster on loopback, then the public cluster's name. A wallet's form is the first of these it
 * lists (walletChainFor), so a local fork of a public cluster is the wallet's localnet, never its
 * mainnet.
 *
 * ```ts
 * solanaChainNames({ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }) // ['solana:5eykt4…', 'solana:mainnet']
 * solanaChainNames({ caipNetworkId: 'solana:8E9rvCKL…', rpcUrl: 'http://127.0.0.1:8899' }) // ['solana:8E9rvCKL…', 'solana:localnet']
 * ```
 */
export function solanaChainNames({ caipNetworkId, rpcUrl }: SolanaChainRef): `solana:${string}`[] {
  if (!isSolanaChain(caipNetworkId)) return []
  const names: `solana:${string}`[] = [caipNetworkId]
  if (isLocalCluster(rpcUrl)) names.push(LOCALNET)
  const cluster = CLUSTER_NAMES[caipNetworkId]
  if (cluster !== undefined) names.push(cluster)
  return names
}

/**
 * The form in which a wallet listing `walletChains` knows the site's network: its id, else
 * `solana:localnet` for a cluster on loopback, else the public cluster's name; undefined when the
 * wallet has none of them.
 *
 * ```ts
 * walletChainFor({ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, ['solana:mainnet']) // 'solana:mainnet'
 * walletChainFor({ caipNetworkId: 'solana:8E9rvCKL…', rpcUrl: 'http://127.0.0.1:8899' }, ['solana:mainnet', 'solana:localnet']) // 'solana:localnet'
 * walletChainFor({ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, ['solana:devnet']) // undefined
 * ```
 */
export function walletChainFor(network: SolanaChainRef, walletChains: readonly string[]): `solana:${string}` | undefined {
  return solanaChainNames(network).find((name) => walletChains.includes(name))
}
