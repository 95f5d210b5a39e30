/**
 * Just enough of Solana's wire transaction format to know who signs it: the signature slots, then
 * the message, whose header says how many of its first account keys must sign. A Wallet Standard
 * wallet signs with one account, so a provider must find which connected account a transaction
 * is for; and after signing, which slot holds that account's signature.
 *
 * Layout: compact-u16 signature count, 64 bytes per signature, then the message: a version prefix
 * byte (high bit set) for versioned messages, the 3-byte header (required signatures first), a
 * compact-u16 key count and 32 bytes per key.
 */
import { AirlockError } from '../../kernel/errors'
import { encodeBase58 } from '../../validation/base58'

export interface WireSigners {
  /** The addresses that must sign, in slot order (the first is the fee payer). */
  readonly signers: readonly string[]
  /** The signature slots, in the same order (all zeros where not yet signed). */
  readonly signatures: readonly Uint8Array[]
}

const malformed = (details: string): AirlockError => new AirlockError('Malformed Solana transaction', { details })

/** A compact-u16 (1 to 3 bytes, 7 bits each, little end first) at `offset`: [value, offset after it]. */
function compactU16(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0
  for (let size = 0; size < 3; size += 1) {
    const byte = bytes[offset + size]
    if (byte === undefined) throw malformed('It ends inside a length')
    value |= (byte & 0x7f) << (7 * size)
    if ((byte & 0x80) === 0) return [value, offset + size + 1]
  }
  throw malformed('A length is longer than 3 bytes')
}

/**
 * The required signers and signature slots of a wire transaction.
 *
 * ```ts
 * readSigners(wireBytes) // { signers: ['7S3P…'], signatures: [Uint8Array(64)] }
 * ```
 */
export function readSigners(bytes: Uint8Array): WireSigners {
  const [count, first] = compactU16(bytes, 0)
  let offset = first + 64 * count
  if (offset > bytes.length) throw malformed('It ends inside its signatures')
  const signatures = Array.from({ length: count }, (_, i) => bytes.slice(first + 64 * i, first + 64 * (i + 1)))
  // A versioned message starts with 0x80 | version; a legacy one with its header.
  if ((bytes[offset] ?? 0) & 0x80) offset += 1
  const required = bytes[offset]
  if (required === undefined) throw malformed('It has no message header')
  const [keys, keysStart] = compactU16(bytes, offset + 3)
  if (required > keys || keysStart + 32 * keys > bytes.length) throw malformed('Its account keys do not fit')
  if (required !== count) throw malformed(`It has ${count} signature slots for ${required} signers`)
  const signers = Array.from({ length: required }, (_, i) => encodeBase58(bytes.slice(keysStart + 32 * i, keysStart + 32 * (i + 1))))
  return { signers, signatures }
}
