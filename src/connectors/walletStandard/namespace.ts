/**
 * What one chain namespace contributes to Wallet Standard discovery: which registered wallets
 * serve it, and each such wallet as a provider that speaks the namespace's relay methods (the
 * methods its chain adapter sends; see src/chains/<namespace>/). Discovery
 * (./discover.ts) reads a table of these and names no namespace itself.
 */
import type { Wallet } from '@wallet-standard/base'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { WalletProvider } from '../../ports/wallet'

export interface StandardNamespace {
  readonly namespace: ChainNamespace
  /** Whether `wallet` serves this namespace: a chain of it and every feature the namespace needs. */
  accepts(wallet: Wallet): boolean
  /**
   * `wallet` as a provider: `request` answers the namespace's relay methods (and the page-local
   * SET_CHAIN_METHOD / DISCONNECT_METHOD of src/chains/adapter.ts) through the wallet's features;
   * `on('accountsChanged' | 'disconnect')` follows `standard:events`.
   */
  provider(wallet: Wallet): WalletProvider
}
