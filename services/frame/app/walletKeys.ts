/**
 * The embedded wallet's two keys, made in the frame and never sent anywhere in the clear:
 * secp256k1 for EVM chains (viem's generatePrivateKey, from crypto.getRandomValues) and an
 * ed25519 seed for Solana (noble's, from the same source).
 *
 * The recovery copy (`backup` of the auth API's `/v1/wallet`) is AES-GCM under the user's
 * `wrapKey`, bound to the user id, so the same user gets the same wallet on another device and a
 * backup copied to another user's record does not open.
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

const BACKUP_VERSION = 'v1'

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

function importWrapKey(wrapKey: string): Promise<CryptoKey> {
  const raw = new Uint8Array(base64.decode(wrapKey))
  if (raw.length !== 32) throw new Error('wrapKey is not an AES-256 key')
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt'])
}

/** `v1.<iv>.<ciphertext>`, base64. */
export async function encryptBackup(wrapKey: string, userId: string, keys: WalletKeys): Promise<string> {
  const key = await importWrapKey(wrapKey)
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: backupContext(userId) }, key, encodeKeys(keys))
  return [BACKUP_VERSION, base64.encode(iv), base64.encode(new Uint8Array(data))].join('.')
}

export async function decryptBackup(wrapKey: string, userId: string, backup: string): Promise<WalletKeys> {
  const [version, iv, data] = backup.split('.')
  if (version !== BACKUP_VERSION || !iv || !data) throw new Error('Unknown wallet backup format')
  const key = await importWrapKey(wrapKey)
  const plaintext = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: new Uint8Array(base64.decode(iv)), additionalData: backupContext(userId) },
    key,
    new Uint8Array(base64.decode(data)),
  )
  return decodeKeys(new Uint8Array(plaintext))
}
