/**
 * The wallet keys on this device: sealed with the device key (./sealing.ts) under one record per
 * user, so signing out keeps them and a second user of the same browser gets their own.
 */
import { deviceKey, isSealed, seal, unseal } from './sealing'
import type { KeyValueStore } from './store'
import { decodeKeys, encodeKeys, type WalletKeys } from './walletKeys'

const record = (userId: string) => `wallet:${userId}`

export interface KeyStore {
  /** The user's keys on this device; undefined when there are none or they no longer open. */
  load(userId: string): Promise<WalletKeys | undefined>
  save(userId: string, keys: WalletKeys): Promise<void>
}

export function createKeyStore(store: KeyValueStore): KeyStore {
  return {
    async load(userId) {
      const sealed = await store.get(record(userId))
      if (!isSealed(sealed)) return undefined
      try {
        return decodeKeys(await unseal(await deviceKey(store), sealed, record(userId)))
      } catch {
        // Sealed under a device key since replaced: the backup restores them.
        return undefined
      }
    },
    async save(userId, keys) {
      const plaintext = encodeKeys(keys)
      try {
        await store.set(record(userId), await seal(await deviceKey(store), plaintext, record(userId)))
      } finally {
        plaintext.fill(0)
      }
    },
  }
}
