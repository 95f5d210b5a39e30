/**
 * The wallet keys on this device: sealed with the device key (./sealing.ts) under one record per
 * user, so signing out keeps them and a second user of the same browser gets their own. Beside
 * them, sealed the same way, the shares of the backup key this device knows (./recovery/shares.ts): the
 * device share of the device that made the wallet, and the recovery share (the visitor's code),
 * kept so the frame can show the code again (a device that holds the sealed keys learns nothing
 * more from it).
 */
import { deviceKey, isSealed, seal, unseal } from './sealing'
import type { KeyValueStore } from './store'
import { decodeKeys, encodeKeys, type WalletKeys } from './walletKeys'

const record = (userId: string) => `wallet:${userId}`
const shareRecord = (userId: string, kind: ShareKind) => `share:${kind}:${userId}`

export type ShareKind = 'device' | 'recovery'

export interface KeyStore {
  /** The user's keys on this device; undefined when there are none or they no longer open. */
  load(userId: string): Promise<WalletKeys | undefined>
  save(userId: string, keys: WalletKeys): Promise<void>
  /** A share of the user's backup key kept on this device; undefined when there is none or it no longer opens. */
  loadShare(userId: string, kind: ShareKind): Promise<Uint8Array | undefined>
  saveShare(userId: string, kind: ShareKind, share: Uint8Array): Promise<void>
}

export function createKeyStore(store: KeyValueStore): KeyStore {
  const open = async (name: string): Promise<Uint8Array | undefined> => {
    const sealed = await store.get(name)
    if (!isSealed(sealed)) return undefined
    try {
      return await unseal(await deviceKey(store), sealed, name)
    } catch {
      // Sealed under a device key since replaced: the backup restores them.
      return undefined
    }
  }
  const keep = async (name: string, plaintext: Uint8Array<ArrayBuffer>) => {
    try {
      await store.set(name, await seal(await deviceKey(store), plaintext, name))
    } finally {
      plaintext.fill(0)
    }
  }

  return {
    async load(userId) {
      const bytes = await open(record(userId))
      if (bytes === undefined) return undefined
      try {
        return decodeKeys(bytes)
      } catch {
        return undefined
      }
    },
    save: (userId, keys) => keep(record(userId), encodeKeys(keys)),
    loadShare: (userId, kind) => open(shareRecord(userId, kind)),
    saveShare: (userId, kind, share) => keep(shareRecord(userId, kind), new Uint8Array(share)),
  }
}
