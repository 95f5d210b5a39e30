/**
 * A wallet that does not have the site's network. Its own module: only the wallet providers that
 * read a wallet's list of chains (Wallet Standard, loaded with a Solana or Bitcoin network) throw
 * it, so the page's first load does not carry it.
 */
import { SwitchChainError } from './provider'

/** The banner of a failed connect (a strings key and its values), for an error that knows better than `walletError`. */
export interface ErrorBanner {
  readonly variant: 'error'
  readonly key: string
  readonly values: Readonly<Record<string, string>>
}

/**
 * 4902 because the wallet lists the site's network under none of the names it goes by: `wallet`
 * lists `walletChains`, not `network` (the network's name and CAIP-2 id). A SwitchChainError, so
 * a caller that handles 4902 handles it; the connect banner says what is missing (strings key
 * `walletLacksNetwork`) instead of the bare 4902 text.
 *
 * ```ts
 * new ChainNotInWalletError({ wallet: 'Phantom', network: 'Solana Local (solana:8E9r…)', walletChains: ['solana:mainnet'] }).details
 * // 'Phantom lists solana:mainnet, not Solana Local (solana:8E9r…)'
 * ```
 */
export class ChainNotInWalletError extends SwitchChainError {
  override name = 'ChainNotInWalletError'
  readonly wallet: string
  readonly network: string
  readonly walletChains: readonly string[]
  readonly banner: ErrorBanner

  constructor({ wallet, network, walletChains }: { readonly wallet: string; readonly network: string; readonly walletChains: readonly string[] }) {
    const chains = walletChains.length > 0 ? walletChains.join(', ') : '—'
    super({ details: `${wallet} lists ${chains}, not ${network}` })
    this.wallet = wallet
    this.network = network
    this.walletChains = walletChains
    this.banner = { variant: 'error', key: 'walletLacksNetwork', values: { wallet, network, chains } }
  }
}
