/**
 * The signed-in user's wallet keys on this device, made or restored at login (docs/features/embedded-wallet.md "Who holds
 * what"):
 * - the auth service holds a backup: this device's sealed copy when it opens and matches the
 *   backup's addresses; else K from a share this device keeps (its device share, or the recovery
 *   share it was given) and the service's share, which opens the backup; else the wallet needs
 *   the visitor's recovery code here (WALLET_RECOVERY_NEEDED), which `recoverWallet` takes: the
 *   code's share and the service's give K;
 * - it holds none (the user's first login): this device's keys if an earlier upload failed, else
 *   new ones, and a new backup key K split 2 of 3 (./recovery/shares.ts): the device share and the
 *   recovery share are sealed here, the service share goes up with the backup. Another device
 *   that uploaded first (409) wins; its backup opens here only with the visitor's code.
 *
 * A device that recovered with the code keeps the keys and the code's share sealed; it gets no
 * device share of its own: a new share of the same K cannot be made without splitting K again,
 * and replacing the service's share would need an overwrite the service refuses (only the first
 * backup is kept, so no stolen session can swap the wallet's recovery).
 */
import { WALLET_RECOVERY_NEEDED } from '../../../src/embedded/protocol'
import type { AuthClient, WalletRecord } from './authClient'
import { AuthError, FrameRequestError } from './errors'
import type { KeyStore } from './keyStore'
import { combineShares, decodeRecoveryCode, decodeServiceShare, encodeServiceShare, splitBackupKey, WRONG_RECOVERY_CODE } from './recovery/shares'
import { decryptBackup, encryptBackup, generateBackupKey, generateWalletKeys, sameAddresses, walletAddresses, type WalletKeys } from './walletKeys'

const CONFLICT = 409

export interface WalletSession {
  readonly token: string
  readonly userId: string
}

/** The frame's words when the wallet exists but this device holds nothing that opens it. */
export const recoveryNeeded = () => new FrameRequestError(WALLET_RECOVERY_NEEDED)

/** The backup's keys with `share` and the service's share, checked against the record's addresses; undefined when they do not open it. */
async function openBackup(record: WalletRecord, userId: string, share: Uint8Array): Promise<WalletKeys | undefined> {
  if (record.backup === null || record.serviceShare === null) return undefined
  let backupKey: Uint8Array | undefined
  try {
    backupKey = await combineShares(share, decodeServiceShare(record.serviceShare))
    const keys = await decryptBackup(backupKey, userId, record.backup)
    return sameAddresses(record.addresses, walletAddresses(keys)) ? keys : undefined
  } catch {
    return undefined
  } finally {
    backupKey?.fill(0)
  }
}

export async function ensureWallet(auth: AuthClient, keyStore: KeyStore, session: WalletSession): Promise<WalletKeys> {
  const { token, userId } = session
  // Independent steps run side by side: each is a round trip (the service, IndexedDB, WebCrypto).
  const [remote, local] = await Promise.all([auth.wallet(token), keyStore.load(userId)])
  if (remote.backup !== null) return openExisting(keyStore, remote, userId, local)

  const keys = local ?? generateWalletKeys()
  const backupKey = generateBackupKey()
  try {
    const [shares, backup] = await Promise.all([
      splitBackupKey(backupKey),
      encryptBackup(backupKey, userId, keys),
      local ? undefined : keyStore.save(userId, keys),
    ])
    // Kept here before the upload: once the service has its share, the code must be showable.
    await Promise.all([keyStore.saveShare(userId, 'device', shares.device), keyStore.saveShare(userId, 'recovery', shares.recovery)])
    await auth.putWallet(token, { backup, addresses: walletAddresses(keys), serviceShare: encodeServiceShare(shares.service) })
    return keys
  } catch (error) {
    if (!(error instanceof AuthError && error.status === CONFLICT)) throw error
    const winner = await auth.wallet(token)
    if (winner.backup === null) throw error
    return openExisting(keyStore, winner, userId, undefined)
  } finally {
    backupKey.fill(0)
  }
}

async function openExisting(keyStore: KeyStore, remote: WalletRecord, userId: string, local: WalletKeys | undefined): Promise<WalletKeys> {
  if (local && sameAddresses(remote.addresses, walletAddresses(local))) return local
  for (const kind of ['device', 'recovery'] as const) {
    const share = await keyStore.loadShare(userId, kind)
    const keys = share && (await openBackup(remote, userId, share))
    if (keys) {
      await keyStore.save(userId, keys)
      return keys
    }
  }
  throw recoveryNeeded()
}

/**
 * The wallet on a new device, from the visitor's recovery code and the service's share. A code
 * that is not one throws INVALID_RECOVERY_CODE, one that does not open the backup
 * WRONG_RECOVERY_CODE; either way nothing is stored and nothing changes at the service.
 */
export async function recoverWallet(auth: AuthClient, keyStore: KeyStore, session: WalletSession, code: string): Promise<WalletKeys> {
  const share = await decodeRecoveryCode(code)
  const remote = await auth.wallet(session.token)
  if (remote.backup === null) throw new FrameRequestError(WRONG_RECOVERY_CODE)
  const keys = await openBackup(remote, session.userId, share)
  if (!keys) throw new FrameRequestError(WRONG_RECOVERY_CODE)
  await keyStore.save(session.userId, keys)
  await keyStore.saveShare(session.userId, 'recovery', share)
  return keys
}
