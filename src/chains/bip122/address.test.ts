import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { runs } from '../../../tests/property/settings'
import * as bitcoin from 'bitcoinjs-lib'
import * as ecc from '@bitcoinerlab/secp256k1'
import { BIP122_REFERENCES, bitcoinNetworkOf, decodeBitcoinAddress, formatBitcoinAddress, isBitcoinAddressOf, sha256 } from './address'

const hex = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString('hex') : undefined)

// BIP-173 and BIP-350 test vectors: valid addresses with their scriptPubKey.
const VALID: [string, string, string, string][] = [
  ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'mainnet', 'p2wpkh', '0014751e76e8199196d454941c45d1b3a323f1433bd6'],
  [
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    'testnet',
    'p2wsh',
    '00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262',
  ],
  [
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    'mainnet',
    'witness',
    '5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6',
  ],
  ['BC1SW50QGDZ25J', 'mainnet', 'witness', '6002751e'],
  ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'mainnet', 'witness', '5210751e76e8199196d454941c45d1b3a323'],
  [
    'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
    'testnet',
    'p2wsh',
    '0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433',
  ],
  ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 'testnet', 'p2tr', '5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'mainnet', 'p2tr', '512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'],
]

// BIP-350's invalid addresses, each with its reason.
const INVALID: [string, string][] = [
  ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'unknown hrp'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'v1 with a bech32 checksum'],
  ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', 'v2 with a bech32 checksum'],
  ['bc1zw508d6qejxtdg4y5r3zarqfsj7', 'v2 with a bech32 checksum (valid under BIP-173 only)'],
  ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'v16 with a bech32 checksum'],
  ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'v0 with a bech32m checksum'],
  ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', 'v0 with a bech32m checksum'],
  ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'a character outside the charset'],
  ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'witness version 17'],
  ['bc1pw5dgrnzv', 'a 1-byte program'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', 'a 41-byte program'],
  ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'a v0 program of 16 bytes'],
  ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', 'mixed case'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'more than 4 bits of padding'],
  ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', 'non-zero padding'],
  ['bc1gmk9yu', 'no data'],
  ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'a base58 checksum off by one character'],
  ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'an EVM address'],
  ['', 'the empty string'],
]

describe('decodeBitcoinAddress: BIP-173 / BIP-350 vectors', () => {
  it.each(VALID)('decodes %s as %s %s, with the scriptPubKey of the vector', (address, network, type, script) => {
    const decoded = decodeBitcoinAddress(address)
    expect(decoded).toMatchObject({ network, type })
    const version = decoded!.witnessVersion!
    const program = hex(decoded!.program)!
    const op = version === 0 ? '00' : (0x50 + version).toString(16)
    expect(op + (program.length / 2).toString(16).padStart(2, '0') + program).toBe(script)
  })

  it.each(INVALID)('refuses %s (%s)', (address) => {
    expect(decodeBitcoinAddress(address)).toBeUndefined()
  })
})

describe('base58check addresses', () => {
  it.each([
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'mainnet', 'p2pkh'],
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'mainnet', 'p2pkh'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'mainnet', 'p2sh'],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet', 'p2pkh'],
    ['2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'testnet', 'p2sh'],
  ])('decodes %s as %s %s with a 20-byte hash that bitcoinjs-lib agrees on', (address, network, type) => {
    const decoded = decodeBitcoinAddress(address)
    expect(decoded).toMatchObject({ network, type, encoding: 'base58check' })
    expect(hex(decoded!.program)).toBe(hex(bitcoin.address.fromBase58Check(address).hash))
  })

  it('counts a testnet base58 address for regtest too (same version bytes), and a bech32 one only for its own hrp', () => {
    expect(isBitcoinAddressOf('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'regtest')).toBe(true)
    expect(isBitcoinAddressOf('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'mainnet')).toBe(false)
    expect(isBitcoinAddressOf('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'regtest')).toBe(false)
    expect(isBitcoinAddressOf('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'mainnet')).toBe(true)
    expect(isBitcoinAddressOf('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'regtest')).toBe(false)
  })

  it('agrees with bitcoinjs-lib on regtest P2WPKH and P2TR addresses', () => {
    bitcoin.initEccLib(ecc)
    const key = new Uint8Array(32).fill(7)
    const p2wpkh = bitcoin.payments.p2wpkh({ hash: key.slice(0, 20), network: bitcoin.networks.regtest }).address!
    const p2tr = bitcoin.payments.p2tr({ pubkey: key, network: bitcoin.networks.regtest }).address!
    expect(decodeBitcoinAddress(p2wpkh)).toMatchObject({ network: 'regtest', type: 'p2wpkh' })
    expect(decodeBitcoinAddress(p2tr)).toMatchObject({ network: 'regtest', type: 'p2tr', encoding: 'bech32m' })
    expect(isBitcoinAddressOf(p2tr, 'regtest')).toBe(true)
  })
})

describe('formatBitcoinAddress', () => {
  it('lower-cases bech32 and keeps base58 and non-addresses as they are', () => {
    expect(formatBitcoinAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')
    expect(formatBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')
    expect(formatBitcoinAddress('Not An Address')).toBe('Not An Address')
  })
})

describe('bitcoinNetworkOf', () => {
  it('maps the genesis-hash references of mainnet, testnet and regtest, and nothing else', () => {
    expect(bitcoinNetworkOf(`bip122:${BIP122_REFERENCES.mainnet}`)).toBe('mainnet')
    expect(bitcoinNetworkOf(`bip122:${BIP122_REFERENCES.testnet}`)).toBe('testnet')
    expect(bitcoinNetworkOf(`bip122:${BIP122_REFERENCES.regtest}`)).toBe('regtest')
    expect(bitcoinNetworkOf('bip122:00000008819873e925422c1ff0f99f7c')).toBe('testnet')
    expect(bitcoinNetworkOf('bip122:ffffffffffffffffffffffffffffffff')).toBeUndefined()
    expect(bitcoinNetworkOf('bip122:constructor')).toBeUndefined()
    expect(bitcoinNetworkOf(`eip155:${BIP122_REFERENCES.mainnet}`)).toBeUndefined()
  })
})

describe('sha256', () => {
  it('equals node:crypto for any input, across the padding boundaries (55, 56, 64 bytes)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }),
          fc.constantFrom(55, 56, 63, 64, 65, 119, 120).map((n) => new Uint8Array(n).fill(0x61)),
        ),
        (data) => {
          expect(hex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'))
        },
      ),
      runs(),
    )
  })
})
