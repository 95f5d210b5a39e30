/**
 * The wallet providers behind the connectors in state. A provider is a live object, not data, so
 * it stays here, outside the event log; state holds the connector by id.
 */
import { Subject, type Observable } from 'rxjs'
import type { WalletProvider } from '../chains/adapter'

export interface ProviderRegistry {
  get(connectorId: string): WalletProvider | undefined
  set(connectorId: string, provider: WalletProvider): void
  has(connectorId: string): boolean
  /** Emits each connector id as its provider is registered. */
  readonly added$: Observable<string>
}

/**
 * ```ts
 * const providers = createProviderRegistry()
 * providers.set('io.metamask', window.ethereum)
 * ```
 */
export function createProviderRegistry(): ProviderRegistry {
  const providers = new Map<string, WalletProvider>()
  const added = new Subject<string>()
  return {
    get: (id) => providers.get(id),
    has: (id) => providers.has(id),
    set(id, provider) {
      providers.set(id, provider)
      added.next(id)
    },
    added$: added.asObservable(),
  }
}
