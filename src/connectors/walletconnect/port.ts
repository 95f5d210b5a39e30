/**
 * The WalletConnect part of the connector runtime: the lazily loaded relay client. `load` fetches
 * the sign-client chunk on first use only. The session provider is made by the effects' own chunk
 * (./effects.ts), which loads when a visitor picks WalletConnect or a stored session returns.
 */
import type { WalletConnectClient, WalletConnectClientOptions } from './client'

export { WALLET_CONNECT_ID, WALLET_CONNECT_NAME } from '../../events/shapes/connector'

export interface WalletConnectPort {
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
    load(options) {
      client ??= import('./client').then((m) => m.createWalletConnectClient({ ...options, ...clientOverrides }))
      client.catch(() => {
        client = undefined
      })
      return client
    },
  }
}
