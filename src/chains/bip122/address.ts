/**
 * Bitcoin addresses with their checksums: SegWit bech32 (witness v0, BIP-173) and bech32m (v1 and
 * later, BIP-350) through @scure/base, and legacy base58check P2PKH / P2SH. A decode tells the
 * network kind and the script type, so the adapter can refuse a mainnet address on regtest and a
 * typo before any funds move (src/validation/bitcoinAddress.ts checks the shape only, for forms).
 *
 * The network kinds are the address kinds: testnet3, testnet4 and signet share `tb` and the
 * testnet version bytes; regtest has its own hrp `bcrt` but shares the testnet version bytes for
 * base58 addresses.
 */
import { bech32, bech32m, createBase58check } from '@scure/base'

export type BitcoinNetwork = 'mainnet' | 'testnet' | 'regtest'

export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'witness'

export interface DecodedBitcoinAddress {
  /**
   * The network kind. A base58 address with a testnet version byte says 'testnet', though it is
   * as valid on regtest (the same version bytes): isBitcoinAddressOf knows.
   */
  readonly network: BitcoinNetwork
  readonly type: BitcoinAddressType
  readonly encoding: 'bech32' | 'bech32m' | 'base58check'
  /** SegWit only: the witness version, 0–16. */
  readonly witnessVersion?: number
  /** The witness program (SegWit) or the 20-byte key or script hash (base58). */
  readonly program: Uint8Array
}

/**
 * The CAIP-2 references of bip122: the first 32 hex digits of the genesis block hash. Signet and
 * testnet4 are testnet kinds of address.
 */
export const BIP122_REFERENCES = {
  mainnet: '000000000019d6689c085ae165831e93',
  testnet: '000000000933ea01ad0ee984209779ba',
  regtest: '0f9188f13cb7b2c71f2a335e3a4fc328',
} as const satisfies Record<BitcoinNetwork, string>

const REFERENCE_KINDS: Readonly<Record<string, BitcoinNetwork>> = {
  [BIP122_REFERENCES.mainnet]: 'mainnet',
  [BIP122_REFERENCES.testnet]: 'testnet',
  [BIP122_REFERENCES.regtest]: 'regtest',
  // signet and testnet4 (BIP-94): their own chains, testnet addresses.
  '00000008819873e925422c1ff0f99f7c': 'testnet',
  '00000000da84f2bafbbc53dee25a72ae': 'testnet',
}

const NAMESPACE_PREFIX = 'bip122:'

/**
 * The address kind of a bip122 CAIP-2 network id; undefined for another namespace or a chain
 * this code does not know.
 *
 * ```ts
 * bitcoinNetworkOf('bip122:000000000019d6689c085ae165831e93') // 'mainnet'
 * bitcoinNetworkOf('bip122:0f9188f13cb7b2c71f2a335e3a4fc328') // 'regtest'
 * bitcoinNetworkOf('eip155:1') // undefined
 * ```
 */
export function bitcoinNetworkOf(caipNetworkId: string): BitcoinNetwork | undefined {
  if (!caipNetworkId.startsWith(NAMESPACE_PREFIX)) return undefined
  const reference = caipNetworkId.slice(NAMESPACE_PREFIX.length)
  return Object.prototype.hasOwnProperty.call(REFERENCE_KINDS, reference) ? REFERENCE_KINDS[reference] : undefined
}

const HRP: Readonly<Record<string, BitcoinNetwork>> = { bc: 'mainnet', tb: 'testnet', bcrt: 'regtest' }

/** Version bytes of base58check addresses (Bitcoin Core chainparams). */
const BASE58_VERSIONS: Readonly<Record<number, { readonly network: BitcoinNetwork; readonly type: 'p2pkh' | 'p2sh' }>> = {
  0x00: { network: 'mainnet', type: 'p2pkh' },
  0x05: { network: 'mainnet', type: 'p2sh' },
  0x6f: { network: 'testnet', type: 'p2pkh' },
  0xc4: { network: 'testnet', type: 'p2sh' },
}

/** BIP-173: an address is at most 90 characters. */
const MAX_BECH32_LENGTH = 90
/** A base58check address is 25 bytes: 26 to 35 characters. */
const MAX_BASE58_LENGTH = 35

function decodeSegwit(address: string): DecodedBitcoinAddress | undefined {
  if (address.length > MAX_BECH32_LENGTH) return undefined
  // Try bech32m first: a checksum valid under both does not exist for the same string.
  const m = bech32m.decodeUnsafe(address, MAX_BECH32_LENGTH)
  const decoded = m ?? bech32.decodeUnsafe(address, MAX_BECH32_LENGTH)
  if (!decoded) return undefined
  const network = Object.prototype.hasOwnProperty.call(HRP, decoded.prefix) ? HRP[decoded.prefix] : undefined
  const [version, ...data] = decoded.words
  if (network === undefined || version === undefined || version > 16) return undefined
  // BIP-350: version 0 uses bech32, every later version bech32m.
  if ((version === 0) !== !m) return undefined
  const program = bech32.fromWordsUnsafe(data)
  if (!program || program.length < 2 || program.length > 40) return undefined
  if (version === 0 && program.length !== 20 && program.length !== 32) return undefined
  const type: BitcoinAddressType = version === 0 ? (program.length === 20 ? 'p2wpkh' : 'p2wsh') : version === 1 && program.length === 32 ? 'p2tr' : 'witness'
  return { network, type, encoding: m ? 'bech32m' : 'bech32', witnessVersion: version, program }
}

// Pure: a chunk that only maps network ids (discovery) leaves the codec out.
const base58check = /* @__PURE__ */ createBase58check(sha256)

function decodeLegacy(address: string): DecodedBitcoinAddress | undefined {
  if (address.length < 26 || address.length > MAX_BASE58_LENGTH) return undefined
  let bytes: Uint8Array
  try {
    bytes = base58check.decode(address)
  } catch {
    return undefined
  }
  const version = bytes.length === 21 ? BASE58_VERSIONS[bytes[0]!] : undefined
  if (!version) return undefined
  return { ...version, encoding: 'base58check', program: bytes.slice(1) }
}

/**
 * Decode a Bitcoin address, checksum included; undefined for anything that is not one. Bech32
 * may be all upper case (QR codes) but never mixed.
 *
 * ```ts
 * decodeBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4') // { network: 'mainnet', type: 'p2wpkh', … }
 * decodeBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5') // undefined (checksum)
 * decodeBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2') // { network: 'mainnet', type: 'p2pkh', … }
 * ```
 */
export function decodeBitcoinAddress(address: string): DecodedBitcoinAddress | undefined {
  if (typeof address !== 'string') return undefined
  return decodeSegwit(address) ?? decodeLegacy(address)
}

/**
 * Whether `address` is a valid address of the `network` kind. A base58 testnet address counts
 * for regtest too: both use the same version bytes.
 *
 * ```ts
 * isBitcoinAddressOf('bcrt1q…', 'regtest') // true
 * isBitcoinAddressOf('bc1q…', 'regtest') // false
 * ```
 */
export function isBitcoinAddressOf(address: string, network: BitcoinNetwork): boolean {
  const decoded = decodeBitcoinAddress(address)
  if (!decoded) return false
  if (decoded.network === network) return true
  return decoded.encoding === 'base58check' && decoded.network === 'testnet' && network === 'regtest'
}

/**
 * The canonical form: bech32 lower-cased (BIP-173 prefers it for display), base58 as it is (it
 * is case-sensitive). Anything that does not decode is returned unchanged.
 */
export function formatBitcoinAddress(address: string): string {
  const decoded = decodeBitcoinAddress(address)
  return decoded && decoded.encoding !== 'base58check' ? address.toLowerCase() : address
}

// SHA-256 (FIPS 180-4) for base58check's checksum, which must be synchronous (isAddress is). Our
// own 40 lines instead of a hash package: the product's dependencies have none that is light
// (viem's or ox's sha256 would add about 3.5 KB gzip to this chunk), and a checksum keeps no
// secret. address.test.ts checks it against node:crypto.
const K = /* @__PURE__ */ Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
])
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n))

/**
 * SHA-256 of `data`.
 *
 * ```ts
 * sha256(new Uint8Array()) // e3b0c442…b855
 * ```
 */
export function sha256(data: Uint8Array): Uint8Array {
  const blocks = Math.ceil((data.length + 9) / 64)
  const padded = new Uint8Array(blocks * 64)
  padded.set(data)
  padded[data.length] = 0x80
  const view = new DataView(padded.buffer)
  // The length in bits, as a 64-bit big-endian number.
  view.setUint32(padded.length - 8, Math.floor(data.length / 0x20000000))
  view.setUint32(padded.length - 4, (data.length << 3) >>> 0)
  const h = H0.slice()
  const w = new Uint32Array(64)
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4)
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!
      const b = w[i - 2]!
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10)
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0
    }
    let [a, b, c, d, e, f, g, hh] = h as [number, number, number, number, number, number, number, number]
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) >>> 0
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0
      hh = g
      g = f
      f = e
      e = (d + t1) >>> 0
      d = c
      c = b
      b = a
      a = (t1 + t2) >>> 0
    }
    const next = [a, b, c, d, e, f, g, hh]
    for (let i = 0; i < 8; i++) h[i] = (h[i]! + next[i]!) >>> 0
  }
  const out = new Uint8Array(32)
  const outView = new DataView(out.buffer)
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]!)
  return out
}
