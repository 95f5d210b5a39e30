/**
 * The WalletConnect part of the connector runtime: the session provider (one per instance) and the
 * lazily loaded relay client. `load` fetches the sign-client chunk on first use only.
 */
import type { WalletConnectClient, WalletConnectClientOptions } from './client'
import { createSessionProvider, type SessionProvider } from './sessionProvider'

export const WALLET_CONNECT_ID = 'walletConnect'
export const WALLET_CONNECT_NAME = 'WalletConnect'

export interface WalletConnectPort {
  readonly provider: SessionProvider
  /** The client for these options, made once; a failed load is retried on the next call. */
  load(options: WalletConnectClientOptions): Promise<WalletConnectClient>
}

/**
 * ```ts
 * createWalletConnectPort() // the browser's: sessions in IndexedDB
 * createWalletConnectPort({ storage: memoryStorage(), customStoragePrefix: 'dapp' }) // a test's
 * ```
 */
export function createWalletConnectPort(clientOverrides: Partial<Pick<WalletConnectClientOptions, 'storage' | 'customStoragePrefix'>> = {}): WalletConnectPort {
  let client: Promise<WalletConnectClient> | undefined
  return {
    provider: createSessionProvider(),
    load(options) {
      client ??= import('./client').then((m) => m.createWalletConnectClient({ ...options, ...clientOverrides }))
      client.catch(() => {
        client = undefined
      })
      return client
    },
  }
}
