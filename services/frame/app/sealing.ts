/**
 * Sealing with AES-GCM (WebCrypto). The device key is made non-extractable and kept in the
 * frame's store as the CryptoKey itself: script in the frame can use it but never read it, and no
 * copy of it exists anywhere else. secp256k1 has no non-extractable WebCrypto form, so the wallet
 * keys are kept sealed with this key and opened into memory only while the frame runs.
 *
 * Every seal binds a context string (additional data): a sealed value moved to another record or
 * another user does not open.
 */
import type { KeyValueStore } from './store'

const DEVICE_KEY = 'deviceKey'
const IV_BYTES = 12

export interface Sealed {
  readonly iv: Uint8Array<ArrayBuffer>
  readonly data: Uint8Array<ArrayBuffer>
}

const encoder = new TextEncoder()

const isCryptoKey = (value: unknown): value is CryptoKey => typeof CryptoKey !== 'undefined' && value instanceof CryptoKey

/** The device's sealing key, made on first use. */
export async function deviceKey(store: KeyValueStore): Promise<CryptoKey> {
  const existing = await store.get(DEVICE_KEY)
  if (isCryptoKey(existing)) return existing
  const made = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  const kept = await store.setIfAbsent(DEVICE_KEY, made)
  if (!isCryptoKey(kept)) throw new Error('The device key could not be kept')
  return kept
}

export async function seal(key: CryptoKey, plaintext: Uint8Array<ArrayBuffer>, context: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(context) }, key, plaintext)
  return { iv, data: new Uint8Array(data) }
}

/** The plaintext; throws when the key, the context or the bytes are not the sealer's. */
export async function unseal(key: CryptoKey, sealed: Sealed, context: string): Promise<Uint8Array> {
  const plaintext = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv, additionalData: encoder.encode(context) }, key, sealed.data)
  return new Uint8Array(plaintext)
}

export function isSealed(value: unknown): value is Sealed {
  if (typeof value !== 'object' || value === null) return false
  const { iv, data } = value as Partial<Sealed>
  return iv instanceof Uint8Array && iv.length === IV_BYTES && data instanceof Uint8Array && data.length > 16
}
