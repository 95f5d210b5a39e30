/**
 * Base58 (the Bitcoin alphabet: no 0, O, I or l), as used by Solana keys and signatures and legacy
 * Bitcoin addresses: decoding to learn how many bytes a string stands for, encoding for the bytes a
 * wallet signs and returns (Solana messages and signatures travel as base58).
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * The most characters a base58 string of `bytes` bytes takes: each byte is log 256 / log 58
 * (about 1.366) digits, and a leading zero byte is one `1`. A longer string stands for more bytes,
 * so a check of a known size can refuse it before decoding: decoding is quadratic in the length
 * (a wallet answering a 1 MiB string as a signature held the page for minutes; issue 27 §2's fuzz
 * run found it).
 */
export const base58MaxLength = (bytes: number): number => Math.ceil((bytes * Math.log(256)) / Math.log(58))

/** A non-empty run of base58 characters. */
export const BASE58_PATTERN = /^[1-9A-HJ-NP-Za-km-z]+$/

/**
 * Decode a base58 string to bytes, or `undefined` when it holds a character outside the alphabet.
 * Each leading `1` stands for one zero byte, which a plain number conversion would drop.
 *
 * ```ts
 * decodeBase58('2g') // Uint8Array [0x61]
 * decodeBase58('11') // Uint8Array [0, 0]
 * decodeBase58('0') // undefined
 * ```
 */
export function decodeBase58(input: string): Uint8Array | undefined {
  if (input === '') return new Uint8Array()
  if (!BASE58_PATTERN.test(input)) return undefined
  let value = 0n
  for (const char of input) value = value * 58n + BigInt(ALPHABET.indexOf(char))
  let leadingZeros = 0
  while (input[leadingZeros] === '1') leadingZeros += 1
  const body: number[] = []
  while (value > 0n) {
    body.push(Number(value & 0xffn))
    value >>= 8n
  }
  return Uint8Array.from([...new Array<number>(leadingZeros).fill(0), ...body.reverse()])
}

/**
 * Encode bytes as base58: each leading zero byte becomes one `1`, the rest is the number the bytes
 * stand for (big-endian) in base 58. `decodeBase58(encodeBase58(bytes))` gives `bytes` back.
 *
 * ```ts
 * encodeBase58(Uint8Array.from([0x61])) // '2g'
 * encodeBase58(Uint8Array.from([0, 0, 0x61])) // '112g'
 * encodeBase58(new Uint8Array(32)) // '11111111111111111111111111111111' (the system program)
 * ```
 */
export function encodeBase58(bytes: Uint8Array): string {
  let leadingZeros = 0
  while (leadingZeros < bytes.length && bytes[leadingZeros] === 0) leadingZeros += 1
  let value = 0n
  for (let i = leadingZeros; i < bytes.length; i += 1) value = (value << 8n) | BigInt(bytes[i]!)
  let body = ''
  while (value > 0n) {
    body = ALPHABET[Number(value % 58n)]! + body
    value /= 58n
  }
  return '1'.repeat(leadingZeros) + body
}
