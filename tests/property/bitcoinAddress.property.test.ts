/**
 * Properties of the Bitcoin address codec of the bip122 adapter (src/chains/bip122/address.ts):
 * addresses encoded independently with @scure/base (and node:crypto's SHA-256 for base58check)
 * decode to what was encoded on every network, and the checksums refuse every single-character
 * change.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { bech32, bech32m, createBase58check } from '@scure/base'
import { runs } from './settings'
import { decodeBitcoinAddress, isBitcoinAddressOf, type BitcoinNetwork } from '../../src/chains/bip122/address'

const HRPS: readonly [string, BitcoinNetwork][] = [
  ['bc', 'mainnet'],
  ['tb', 'testnet'],
  ['bcrt', 'regtest'],
]
const NETWORKS: readonly BitcoinNetwork[] = ['mainnet', 'testnet', 'regtest']
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

const base58check = createBase58check((data) => new Uint8Array(createHash('sha256').update(data).digest()))

const hrp = fc.constantFrom(...HRPS)
const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length })
const segwit = (version: number, program: Uint8Array, prefix: string): string =>
  (version === 0 ? bech32 : bech32m).encode(prefix, [version, ...bech32.toWords(program)])

/** A valid segwit address of any network, of the three standard kinds. */
const validSegwit = fc.oneof(
  fc.tuple(hrp, bytes(20)).map(([[prefix], program]) => segwit(0, program, prefix)),
  fc.tuple(hrp, bytes(32)).map(([[prefix], program]) => segwit(0, program, prefix)),
  fc.tuple(hrp, bytes(32)).map(([[prefix], program]) => segwit(1, program, prefix)),
)

/** `text` with the character at `index` (mod length) replaced by another from `alphabet`. */
const changeOne = (text: string, index: number, pick: number, alphabet: string): string => {
  const at = index % text.length
  const others = [...alphabet].filter((c) => c !== text[at])
  return text.slice(0, at) + others[pick % others.length]! + text.slice(at + 1)
}

describe('Bitcoin addresses (bip122 adapter)', () => {
  it('round-trips a bech32 witness v0 address with a 20-byte program on each network as p2wpkh', () => {
    fc.assert(
      fc.property(hrp, bytes(20), ([prefix, network], program) => {
        const decoded = decodeBitcoinAddress(segwit(0, program, prefix))
        expect(decoded).toMatchObject({ network, type: 'p2wpkh', encoding: 'bech32', witnessVersion: 0 })
        expect([...decoded!.program]).toEqual([...program])
      }),
      runs(),
    )
  })

  it('round-trips a bech32 witness v0 address with a 32-byte program on each network as p2wsh', () => {
    fc.assert(
      fc.property(hrp, bytes(32), ([prefix, network], program) => {
        const decoded = decodeBitcoinAddress(segwit(0, program, prefix))
        expect(decoded).toMatchObject({ network, type: 'p2wsh', encoding: 'bech32', witnessVersion: 0 })
        expect([...decoded!.program]).toEqual([...program])
      }),
      runs(),
    )
  })

  it('round-trips a bech32m witness v1 address with a 32-byte program on each network as p2tr, upper case too', () => {
    fc.assert(
      fc.property(hrp, bytes(32), fc.boolean(), ([prefix, network], program, upper) => {
        const address = segwit(1, program, prefix)
        const decoded = decodeBitcoinAddress(upper ? address.toUpperCase() : address)
        expect(decoded).toMatchObject({ network, type: 'p2tr', encoding: 'bech32m', witnessVersion: 1 })
        expect([...decoded!.program]).toEqual([...program])
      }),
      runs(),
    )
  })

  it('counts a segwit address for its own network only', () => {
    fc.assert(
      fc.property(hrp, bytes(32), fc.constantFrom(...NETWORKS), ([prefix, network], program, other) => {
        expect(isBitcoinAddressOf(segwit(1, program, prefix), other)).toBe(other === network)
      }),
      runs(),
    )
  })

  it('refuses a witness v0 program under a bech32m checksum and a v1 program under a bech32 one (BIP-350)', () => {
    fc.assert(
      fc.property(hrp, bytes(32), ([prefix], program) => {
        expect(decodeBitcoinAddress(bech32m.encode(prefix, [0, ...bech32.toWords(program)]))).toBeUndefined()
        expect(decodeBitcoinAddress(bech32.encode(prefix, [1, ...bech32.toWords(program)]))).toBeUndefined()
      }),
      runs(),
    )
  })

  it('refuses any single-character change to a valid segwit address (the checksum catches it, and case must not mix)', () => {
    const alphabet = `${CHARSET}${CHARSET.toUpperCase()}1bcrt`
    fc.assert(
      fc.property(validSegwit, fc.nat(), fc.nat(), (address, index, pick) => {
        expect(decodeBitcoinAddress(changeOne(address, index, pick, alphabet))).toBeUndefined()
      }),
      runs(),
    )
  })

  it('round-trips a base58check P2PKH address: version 0x00 is mainnet, 0x6f testnet (and regtest)', () => {
    fc.assert(
      fc.property(fc.constantFrom(0x00, 0x6f), bytes(20), (version, hash) => {
        const address = base58check.encode(Uint8Array.from([version, ...hash]))
        const decoded = decodeBitcoinAddress(address)
        expect(decoded).toMatchObject({ network: version === 0 ? 'mainnet' : 'testnet', type: 'p2pkh', encoding: 'base58check' })
        expect([...decoded!.program]).toEqual([...hash])
        expect(isBitcoinAddressOf(address, 'regtest')).toBe(version !== 0)
      }),
      runs(),
    )
  })

  it('refuses a base58check P2PKH address with one of its checksum characters (the last five) changed', () => {
    fc.assert(
      fc.property(fc.constantFrom(0x00, 0x6f), bytes(20), fc.integer({ min: 1, max: 5 }), fc.nat(), (version, hash, fromEnd, pick) => {
        const address = base58check.encode(Uint8Array.from([version, ...hash]))
        expect(decodeBitcoinAddress(changeOne(address, address.length - fromEnd, pick, BASE58))).toBeUndefined()
      }),
      runs(),
    )
  })
})
