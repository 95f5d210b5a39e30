/**
 * The signed-in user's wallet keys on this device, made or restored at login:
 * - the auth service holds a backup: this device's sealed copy when it opens and matches the
 *   backup's addresses, else the backup opened with the user's wrapKey (a new device);
 * - it holds none (the user's first login): this device's keys if an earlier upload failed, else
 *   new ones; kept here first, then uploaded with their addresses. Another device that uploaded
 *   first (409) wins, and its backup is restored here.
 */
import type { AuthClient } from './authClient'
import { AuthError } from './errors'
import type { KeyStore } from './keyStore'
import { decryptBackup, encryptBackup, generateWalletKeys, sameAddresses, walletAddresses, type WalletKeys } from './walletKeys'

const CONFLICT = 409

export async function ensureWallet(auth: AuthClient, keyStore: KeyStore, session: { token: string; userId: string }): Promise<WalletKeys> {
  const { token, userId } = session
  const restore = async (wrapKey: string, backup: string, addresses: { readonly eip155?: string; readonly solana?: string }) => {
    const keys = await decryptBackup(wrapKey, userId, backup)
    if (!sameAddresses(addresses, walletAddresses(keys))) throw new Error("The wallet backup does not match the wallet's addresses")
    await keyStore.save(userId, keys)
    return keys
  }

  const remote = await auth.wallet(token)
  const local = await keyStore.load(userId)
  if (remote.backup !== null) {
    if (local && sameAddresses(remote.addresses, walletAddresses(local))) return local
    return restore(remote.wrapKey, remote.backup, remote.addresses)
  }

  const keys = local ?? generateWalletKeys()
  if (!local) await keyStore.save(userId, keys)
  try {
    await auth.putWallet(token, { backup: await encryptBackup(remote.wrapKey, userId, keys), addresses: walletAddresses(keys) })
    return keys
  } catch (error) {
    if (!(error instanceof AuthError && error.status === CONFLICT)) throw error
    const winner = await auth.wallet(token)
    if (winner.backup === null) throw error
    return restore(winner.wrapKey, winner.backup, winner.addresses)
  }
}
