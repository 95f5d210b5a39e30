/**
 * Recovery that no single party can use (DESIGN "Trust boundaries"; docs/features/embedded-wallet.md "Who holds what"):
 * the wallet's backup key K (../walletKeys.ts) is split 2 of 3 with Shamir's secret sharing
 * (`shamir-secret-sharing`, audited, zero-dependency) into
 * - the device share, sealed in the frame origin's IndexedDB (../keyStore.ts);
 * - the service share, kept by the auth service with the backup and released only to a signed-in
 *   session of the user (`GET /v1/wallet`);
 * - the recovery share, the visitor's: shown by the frame, in its own document, as a recovery code.
 * Any two give K; one alone says nothing about it. So the service (share + backup) and a thief of
 * its storage decrypt nothing, and a new device needs the service's share and the visitor's code.
 *
 * A share is 33 bytes (K's 32 and its x coordinate). The code is the share and a 2-byte check
 * (SHA-256), in Crockford base32 (no I, L, O, U; read case-insensitively, O as 0, I and L as 1),
 * grouped by four: 56 characters. The check tells a typo ("not valid") from a code that is well
 * formed but not this wallet's ("does not open this wallet").
 */
import { base32crockford, base64 } from '@scure/base'
import { combine, split } from 'shamir-secret-sharing'
import { FrameRequestError } from '../errors'

/** K's bytes and the x coordinate. */
export const SHARE_BYTES = 33
const CHECK_BYTES = 2
const GROUP = 4

export const INVALID_RECOVERY_CODE = 'The recovery code is not valid: check it for typos'
export const WRONG_RECOVERY_CODE = 'The recovery code does not open this wallet'

export interface BackupShares {
  readonly device: Uint8Array
  readonly service: Uint8Array
  readonly recovery: Uint8Array
}

/** K split 2 of 3. */
export async function splitBackupKey(backupKey: Uint8Array): Promise<BackupShares> {
  const [device, service, recovery] = await split(backupKey, 3, 2)
  if (!device || !service || !recovery) throw new Error('The backup key did not split')
  return { device, service, recovery }
}

/** K from two shares; throws when they are not two distinct shares of one key's size. */
export async function combineShares(a: Uint8Array, b: Uint8Array): Promise<Uint8Array> {
  if (a.length !== SHARE_BYTES || b.length !== SHARE_BYTES) throw new Error('A share is 33 bytes')
  return combine([a, b])
}

export const encodeServiceShare = (share: Uint8Array): string => base64.encode(share)

export function decodeServiceShare(text: string): Uint8Array {
  const share = base64.decode(text)
  if (share.length !== SHARE_BYTES) throw new Error("The service's share is not a share")
  return share
}

async function check(share: Uint8Array): Promise<Uint8Array> {
  const input = new Uint8Array([...new TextEncoder().encode('airlock-recovery-code:'), ...share])
  return new Uint8Array(await crypto.subtle.digest('SHA-256', input)).slice(0, CHECK_BYTES)
}

/** The recovery share as the visitor reads it: `ABCD-EFGH-…`, 14 groups. */
export async function encodeRecoveryCode(share: Uint8Array): Promise<string> {
  if (share.length !== SHARE_BYTES) throw new Error('A share is 33 bytes')
  const text = base32crockford.encode(new Uint8Array([...share, ...(await check(share))]))
  return text.match(new RegExp(`.{1,${GROUP}}`, 'g'))!.join('-')
}

/** The share a typed code holds; FrameRequestError INVALID_RECOVERY_CODE when it is not one. */
export async function decodeRecoveryCode(code: string): Promise<Uint8Array> {
  const compact = code.replace(/[\s-]+/g, '').toUpperCase()
  let bytes: Uint8Array
  try {
    bytes = base32crockford.decode(compact)
  } catch {
    throw new FrameRequestError(INVALID_RECOVERY_CODE)
  }
  if (bytes.length !== SHARE_BYTES + CHECK_BYTES) throw new FrameRequestError(INVALID_RECOVERY_CODE)
  const share = bytes.slice(0, SHARE_BYTES)
  const expected = await check(share)
  if (expected.some((byte, i) => byte !== bytes[SHARE_BYTES + i])) throw new FrameRequestError(INVALID_RECOVERY_CODE)
  return share
}
