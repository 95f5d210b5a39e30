/**
 * What the connector effects share and nothing else has: the live wallet providers, the adapter
 * loader and the way to read a chain. One per instance, made by `createAirlock`.
 */
import type { AdapterLoader, ChainAdapter, ChainReader } from '../chains/adapter'
import type { ChainNamespace } from '../events/shapes/namespace'
import type { CaipNetwork } from '../events/shapes/network'
import type { Deps } from '../kernel/deps'
import type { RootState } from '../kernel/registry'
import { createProviderRegistry, type ProviderRegistry } from './providerRegistry'
import { chainReader } from './chainReader'
import { createWalletConnectPort, type WalletConnectPort } from './walletconnect/port'
import type { WalletWatches } from './walletWatches'

export interface ConnectorRuntime {
  readonly providers: ProviderRegistry
  readonly loadAdapter: AdapterLoader
  /** A reader for `network`, or undefined when the network has no RPC endpoint (a placeholder). */
  readonly readerFor: (network: CaipNetwork, root: RootState, deps: Deps) => ChainReader | undefined
  /** The lazily loaded relay client (the session provider lives in the WalletConnect chunk). */
  readonly walletConnect: WalletConnectPort
  /**
   * The listeners on the wallets' events, attached before a connect and taken over by the follow
   * effect. Made with the wallet effects in their chunk (effects/wallet.ts) unless given here.
   */
  readonly watches?: WalletWatches
}

/** The runtime as the wallet effects see it: with the wallets' listeners. */
export interface WatchingRuntime extends ConnectorRuntime {
  readonly watches: WalletWatches
}

/**
 * The adapters this build ships, by namespace, each its own chunk fetched on first use (a page
 * that never connects a Solana or Bitcoin wallet never fetches theirs): a row of data, no branch.
 */
const BUILT_IN_ADAPTERS: Partial<Record<ChainNamespace, () => Promise<ChainAdapter>>> = {
  eip155: async () => (await import('../chains/eip155/adapter')).eip155Adapter,
  solana: async () => (await import('../chains/solana/adapter')).solanaAdapter,
  bip122: async () => (await import('../chains/bip122/adapter')).bip122Adapter,
}

export const loadBuiltInAdapter: AdapterLoader = async (namespace) => BUILT_IN_ADAPTERS[namespace]?.()

/**
 * ```ts
 * const runtime = createConnectorRuntime()
 * createKernel({ modules: [...coreModules, createWalletModule(runtime)], deps })
 * ```
 */
export function createConnectorRuntime(overrides: Partial<ConnectorRuntime> = {}): ConnectorRuntime {
  return {
    providers: overrides.providers ?? createProviderRegistry(),
    loadAdapter: overrides.loadAdapter ?? loadBuiltInAdapter,
    readerFor: overrides.readerFor ?? chainReader,
    walletConnect: overrides.walletConnect ?? createWalletConnectPort(),
    ...(overrides.watches && { watches: overrides.watches }),
  }
}
