/**
 * The shell of a provider that wraps a wallet of another protocol (a Wallet Standard wallet, a
 * `btc_providers` entry) in the EIP-1193 shape the adapters speak: `request` runs the protocol's
 * translation and turns whatever the wallet threw into our error family (its code kept);
 * listeners are told events one by one, one listener's failure never keeping the others from
 * hearing; and the wallet is followed only while anyone listens.
 */
import type { WalletProvider } from '../ports/wallet'
import { providerError } from '../kernel/errors/provider'

type Listener = (...args: never[]) => void

export interface WrappedProvider {
  readonly provider: WalletProvider
  /** Tell the listeners of `event`. */
  emit(event: string, ...args: unknown[]): void
}

/**
 * ```ts
 * const { provider, emit } = wrapProvider(dispatch, () => wallet.features['standard:events']?.on('change', onChange))
 * ```
 */
export function wrapProvider(dispatch: (method: string, params: unknown) => Promise<unknown>, follow: () => (() => void) | undefined): WrappedProvider {
  const listeners = new Map<string, Set<Listener>>()
  let stopFollowing: (() => void) | undefined
  return {
    emit(event, ...args) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          ;(listener as (...values: unknown[]) => void)(...args)
        } catch {
          // One listener's failure does not keep the others from hearing.
        }
      }
    },
    provider: {
      async request({ method, params }) {
        try {
          return await dispatch(method, params)
        } catch (error) {
          throw providerError(error)
        }
      },
      on(event, listener) {
        if (!listeners.has(event)) listeners.set(event, new Set())
        listeners.get(event)!.add(listener)
        stopFollowing ??= follow()
      },
      removeListener(event, listener) {
        listeners.get(event)?.delete(listener)
        if ([...listeners.values()].every((set) => set.size === 0)) {
          stopFollowing?.()
          stopFollowing = undefined
        }
      },
    },
  }
}
