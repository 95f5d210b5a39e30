/**
 * Solana addresses: a 32-byte public key written in base58, which takes 32 to 44 characters.
 */
import { decodeBase58 } from './base58'

const SOLANA_ADDRESS_SHAPE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * Check a Solana address: base58, 32–44 characters, and decoding to exactly 32 bytes. The byte
 * check matters because not every 32–44 character base58 string is a key (a 32-character string
 * without leading `1`s decodes to about 24 bytes), and the Solana libraries reject those.
 *
 * ```ts
 * isSolanaAddress('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv') // true
 * isSolanaAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed') // false
 * ```
 */
export function isSolanaAddress(address: unknown): address is string {
  if (typeof address !== 'string' || !SOLANA_ADDRESS_SHAPE.test(address)) return false
  return decodeBase58(address)?.length === 32
}
