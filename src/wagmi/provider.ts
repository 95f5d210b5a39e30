/**
 * The EIP-1193 provider the connector gives wagmi: one object for the connector's life, which
 * sends each request to the wallet Airlock has connected on eip155 at that moment (injected,
 * announced, WalletConnect or the embedded wallet). wagmi keeps the provider it was given (its
 * clients, its reconnect), so a fresh connection through Airlock's modal must not need a new one;
 * and before Airlock's restore after a reload has found the wallet there is no wallet provider yet,
 * while wagmi's reconnect skips a connector whose provider is missing.
 */
import { BaseError, ProviderDisconnectedError } from 'viem'
import type { AirlockInstance } from '../ports/instance'
import { EVM } from './evmConnection'

type Listener = (...args: never[]) => void

/** An EIP-1193 provider over Airlock's EVM connection (what `connector.getProvider()` resolves to). */
export interface AirlockEip1193Provider {
  request(args: { readonly method: string; readonly params?: unknown }): Promise<unknown>
  /** `accountsChanged`, `chainChanged` (hex), `connect` ({ chainId } in hex) and `disconnect`, as Airlock's connection changes. */
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
}

/** The provider, and `emit` for the connector to tell its listeners what changed. */
export function airlockProvider(airlock: AirlockInstance): { provider: AirlockEip1193Provider; emit(event: string, value: unknown): void } {
  const listeners = new Map<string, Set<Listener>>()
  const provider: AirlockEip1193Provider = {
    async request(args) {
      const wallet = airlock.getProvider(EVM)
      if (!wallet) throw new ProviderDisconnectedError(new BaseError('Airlock has no EVM wallet connected.'))
      return wallet.request(args)
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
  const emit = (event: string, value: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) (listener as (value: unknown) => void)(value)
  }
  return { provider, emit }
}
