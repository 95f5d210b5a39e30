/**
 * Discovery of the wallets of namespaces other than EVM: Wallet Standard wallets (Solana, and
 * Bitcoin wallets of `bitcoin:connect`) and the Bitcoin providers of `window.btc_providers`. Its
 * own chunk, fetched only by a page that configured a network of one of these namespaces (see
 * effects/discover.ts), so an EVM-only page never loads it.
 */
import { Observable } from 'rxjs'
import type { ChainNamespace } from '../events/shapes/namespace'
import { createEvent, type AirlockEvent } from '../kernel/registry'
import type { ProviderRegistry } from './providerRegistry'
import { discoverBitcoinProviders } from './bitcoinProviders'
import { discoverStandardWallets, type StandardWallet } from './walletStandard/discover'
import type { StandardNamespace } from './walletStandard/namespace'
import { solanaStandard } from './walletStandard/solana'
import { bitcoinStandard } from './walletStandard/bitcoin'

const STANDARD_NAMESPACES: readonly StandardNamespace[] = [solanaStandard, bitcoinStandard]

/** Wallet lists a page holds outside the Wallet Standard, by namespace. */
const PAGE_LISTS: Partial<Record<ChainNamespace, (win: Window) => readonly StandardWallet[]>> = {
  bip122: discoverBitcoinProviders,
}

/**
 * Find the wallets of `namespaces` in `win`, now and as they register; `onWallet` gets each once.
 * Returns the function that stops listening.
 *
 * ```ts
 * const stop = discoverNamespaceWallets(window, ['solana', 'bip122'], ({ connector, provider }) => providers.set(connector.id, provider))
 * ```
 */
export function discoverNamespaceWallets(win: Window, namespaces: readonly ChainNamespace[], onWallet: (wallet: StandardWallet) => void): () => void {
  const serving = STANDARD_NAMESPACES.filter((ns) => namespaces.includes(ns.namespace))
  const seen = new Set<string>()
  const once = (wallet: StandardWallet): void => {
    if (seen.has(wallet.connector.id)) return
    seen.add(wallet.connector.id)
    onWallet(wallet)
  }
  const readLists = (): void => {
    for (const namespace of namespaces) PAGE_LISTS[namespace]?.(win).forEach(once)
  }
  readLists()
  // An extension may add its provider after the page's scripts ran: look again once the page has loaded.
  const onLoad = (): void => readLists()
  win.addEventListener('load', onLoad)
  const stop = discoverStandardWallets(win, serving, once)
  return () => {
    stop()
    win.removeEventListener('load', onLoad)
  }
}

/**
 * The discovery as the discover effect runs it: each wallet's provider registered, its connector
 * announced (CONNECTORS_ANNOUNCED), until unsubscribed.
 *
 * ```ts
 * namespaceWallets$(window, ['solana'], runtime.providers).subscribe(kernel.dispatch)
 * ```
 */
export function namespaceWallets$(win: Window, namespaces: readonly ChainNamespace[], providers: Pick<ProviderRegistry, 'set'>): Observable<AirlockEvent> {
  return new Observable<AirlockEvent>((subscriber) =>
    discoverNamespaceWallets(win, namespaces, (wallet) => {
      providers.set(wallet.connector.id, wallet.provider)
      subscriber.next(createEvent('CONNECTORS_ANNOUNCED', { connectors: [wallet.connector] }))
    }),
  )
}
