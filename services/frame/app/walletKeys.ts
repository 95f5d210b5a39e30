/**
 * The embedded wallet's two keys, made in the frame and never sent anywhere in the clear:
 * secp256k1 for EVM chains (viem's generatePrivateKey, from crypto.getRandomValues) and an
 * ed25519 seed for Solana (noble's, from the same source).
 *
 * The recovery copy (`backup` of the auth API's `/v1/wallet`) is AES-GCM under a random backup key
 * K made in the frame, bound to the user id, so a backup copied to another user's record does not
 * open. K itself is never stored whole: it is split 2 of 3 (./recovery.ts) among the device, the
 * auth service and the visitor's recovery code.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { bytesToHex, hexToBytes, isHex, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

export interface WalletKeys {
  /** The secp256k1 private key, 0x + 64 hex. */
  readonly evm: Hex
  /** The 32-byte ed25519 seed. */
  readonly solana: Uint8Array
}

export interface WalletAddresses {
  readonly eip155: Address
  /** base58 of the ed25519 public key. */
  readonly solana: string
}

/** v1 was under a key the auth service held (custodial); v2 is under K. */
const BACKUP_VERSION = 'v2'
/** K: AES-256. */
export const BACKUP_KEY_BYTES = 32

export function generateWalletKeys(): WalletKeys {
  return { evm: generatePrivateKey(), solana: ed25519.utils.randomPrivateKey() }
}

export function walletAddresses(keys: WalletKeys): WalletAddresses {
  return { eip155: privateKeyToAccount(keys.evm).address, solana: base58.encode(ed25519.getPublicKey(keys.solana)) }
}

export function sameAddresses(a: { readonly eip155?: string; readonly solana?: string }, b: WalletAddresses): boolean {
  return a.eip155?.toLowerCase() === b.eip155.toLowerCase() && a.solana === b.solana
}

/** 64 bytes: the secp256k1 key, then the ed25519 seed. */
export function encodeKeys(keys: WalletKeys): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(64)
  bytes.set(hexToBytes(keys.evm), 0)
  bytes.set(keys.solana, 32)
  return bytes
}

export function decodeKeys(bytes: Uint8Array): WalletKeys {
  if (bytes.length !== 64) throw new Error('Wallet keys are 64 bytes')
  const evm = bytesToHex(bytes.slice(0, 32))
  if (!isHex(evm) || /^0x0+$/.test(evm)) throw new Error('Not a secp256k1 key')
  return { evm, solana: bytes.slice(32) }
}

const backupContext = (userId: string) => new TextEncoder().encode(`airlock-wallet-backup:${BACKUP_VERSION}:${userId}`)

function importBackupKey(backupKey: Uint8Array): Promise<CryptoKey> {
  if (backupKey.length !== BACKUP_KEY_BYTES) throw new Error('The backup key is not an AES-256 key')
  return crypto.subtle.importKey('raw', new Uint8Array(backupKey), 'AES-GCM', false, ['encrypt', 'decrypt'])
}

/** A new random backup key K. */
export function generateBackupKey(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(BACKUP_KEY_BYTES))
}

/** `v2.<iv>.<ciphertext>`, base64. */
export async function encryptBackup(backupKey: Uint8Array, userId: string, keys: WalletKeys): Promise<string> {
  const key = await importBackupKey(backupKey)
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const plaintext = encodeKeys(keys)
  try {
    const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: backupContext(userId) }, key, plaintext)
    return [BACKUP_VERSION, base64.encode(iv), base64.encode(new Uint8Array(data))].join('.')
  } finally {
    plaintext.fill(0)
  }
}

/** The keys; throws when the backup is not of this format or `backupKey` (or the user) is not its own. */
export async function decryptBackup(backupKey: Uint8Array, userId: string, backup: string): Promise<WalletKeys> {
  const [version, iv, data] = backup.split('.')
  if (version !== BACKUP_VERSION || !iv || !data) throw new Error('Unknown wallet backup format')
  const key = await importBackupKey(backupKey)
  const plaintext = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: new Uint8Array(base64.decode(iv)), additionalData: backupContext(userId) },
    key,
    new Uint8Array(base64.decode(data)),
  )
  return decodeKeys(new Uint8Array(plaintext))
}
