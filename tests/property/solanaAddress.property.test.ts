/**
 * Properties of base58 (src/validation/base58.ts) and of Solana addresses
 * (src/validation/solanaAddress.ts): an address is exactly the base58 encoding of 32 bytes. The
 * encoder is checked against an independent one (@scure/base) and the address rule against
 * @solana/kit's, so the two sides cannot agree on a shared mistake.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { base58 } from '@scure/base'
import { isAddress } from '@solana/kit'
import { runs } from './settings'
import { decodeBase58, encodeBase58 } from '../../src/validation/base58'
import { isSolanaAddress } from '../../src/validation/solanaAddress'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** 32 bytes, often with leading zeros (each is one `1`, the case a plain number conversion loses). */
const key = fc.oneof(
  fc.uint8Array({ minLength: 32, maxLength: 32 }),
  fc.tuple(fc.integer({ min: 1, max: 32 }), fc.uint8Array({ minLength: 32, maxLength: 32 })).map(([zeros, bytes]) => {
    bytes.fill(0, 0, zeros)
    return bytes
  }),
)

/** Any run of base58 characters. */
const base58String = (minLength: number, maxLength: number) => fc.string({ unit: fc.constantFrom(...ALPHABET), minLength, maxLength })

/** One character that is not in the base58 alphabet (0, O, I, l, punctuation, any other code point). */
const outsideAlphabet = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => !ALPHABET.includes(c))

describe('base58 (src/validation/base58.ts)', () => {
  it('round-trips any bytes: decodeBase58(encodeBase58(bytes)) is bytes', () => {
    fc.assert(
      fc.property(fc.oneof(key, fc.uint8Array({ maxLength: 80 })), (bytes) => {
        expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes)
      }),
      runs(),
    )
  })

  it('encodes as an independent encoder does (@scure/base base58)', () => {
    fc.assert(
      fc.property(fc.oneof(key, fc.uint8Array({ maxLength: 80 })), (bytes) => encodeBase58(bytes) === base58.encode(bytes)),
      runs(),
    )
  })

  it('has one spelling per value: encodeBase58(decodeBase58(s)) is s for any base58 string', () => {
    fc.assert(
      fc.property(base58String(0, 60), (s) => encodeBase58(decodeBase58(s)!) === s),
      runs(),
    )
  })

  it('refuses a string with a character outside the alphabet, wherever it stands', () => {
    fc.assert(
      fc.property(base58String(0, 43), fc.nat(), outsideAlphabet, (s, at, bad) => {
        const i = s.length === 0 ? 0 : at % (s.length + 1)
        return decodeBase58(s.slice(0, i) + bad + s.slice(i)) === undefined
      }),
      runs(),
    )
  })
})

describe('Solana addresses (src/validation/solanaAddress.ts)', () => {
  it('accepts the base58 encoding of every 32 bytes as an address', () => {
    fc.assert(
      fc.property(key, (bytes) => isSolanaAddress(encodeBase58(bytes))),
      runs(),
    )
  })

  it('refuses the base58 encoding of any length other than 32 bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64 }).filter((bytes) => bytes.length !== 32),
        (bytes) => !isSolanaAddress(encodeBase58(bytes)),
      ),
      runs(),
    )
  })

  it('refuses an address with one character replaced by one outside the alphabet', () => {
    fc.assert(
      fc.property(key, fc.nat(), outsideAlphabet, (bytes, at, bad) => {
        const address = encodeBase58(bytes)
        const i = at % address.length
        return !isSolanaAddress(address.slice(0, i) + bad + address.slice(i + 1))
      }),
      runs(),
    )
  })

  it('accepts a base58 string exactly when it decodes to 32 bytes, as @solana/kit does', () => {
    fc.assert(
      fc.property(fc.oneof(base58String(28, 48), key.map(encodeBase58)), (s) => {
        const accepted = isSolanaAddress(s)
        return accepted === (decodeBase58(s)!.length === 32) && accepted === isAddress(s)
      }),
      runs(),
    )
  })
})
