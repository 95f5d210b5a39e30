/**
 * What the connector effects share and nothing else has: the live wallet providers, the adapter
 * loader and the way to read a chain. One per instance, made by `createAirlock`.
 */
import type { AdapterLoader, ChainReader } from '../chains/adapter'
import type { CaipNetwork } from '../events/shapes/network'
import type { Deps } from '../kernel/deps'
import type { RootState } from '../kernel/registry'
import { createProviderRegistry, type ProviderRegistry } from './providerRegistry'
import { chainReader } from './chainReader'
import { createWalletConnectPort, type WalletConnectPort } from './walletconnect/port'
import { createWalletWatches, type WalletWatches } from './walletWatches'

export interface ConnectorRuntime {
  readonly providers: ProviderRegistry
  readonly loadAdapter: AdapterLoader
  /** A reader for `network`, or undefined when the network has no RPC endpoint (a placeholder). */
  readonly readerFor: (network: CaipNetwork, root: RootState, deps: Deps) => ChainReader | undefined
  /** The relay-protocol session provider and its lazily loaded client. */
  readonly walletConnect: WalletConnectPort
  /** The listeners on the wallets' events, attached before a connect and taken over by the follow effect. */
  readonly watches: WalletWatches
}

/**
 * The adapters this build ships, each its own chunk, fetched on first use. Solana and Bitcoin
 * slot in here with the same interface.
 */
export const loadBuiltInAdapter: AdapterLoader = async (namespace) => {
  switch (namespace) {
    case 'eip155':
      return (await import('../chains/eip155/adapter')).eip155Adapter
    default:
      return undefined
  }
}

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
    watches: overrides.watches ?? createWalletWatches(),
  }
}
