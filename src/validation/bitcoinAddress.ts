/**
 * Bitcoin addresses, by shape only. The bip122 adapter (bitcoinjs-lib) does the full decode with
 * checksums before any funds move; this check is for forms and display, where a cheap answer that
 * catches typos of the wrong kind (an EVM address in a Bitcoin field) is what is needed.
 */

// Legacy base58check: P2PKH starts with 1 (mainnet) or m/n (testnet), P2SH with 3 (mainnet) or 2
// (testnet). 25 bytes encode to 26–35 characters.
const BASE58_ADDRESS = /^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/

// SegWit bech32/bech32m (BIP-173/350): hrp bc (mainnet), tb (testnet) or bcrt (regtest), separator 1, then data in
// the bech32 charset. The whole address is 14–74 characters.
const BECH32_ADDRESS = /^(bc|tb|bcrt)1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{11,71}$/

/**
 * Check that a string has the shape of a Bitcoin address: legacy base58 (`1…`, `3…`, `m…`, `n…`,
 * `2…`) or SegWit bech32 (`bc1…`, `tb1…`), within the length bounds of each. Bech32 may be all
 * upper case (for QR codes) but never mixed case, as BIP-173 says.
 *
 * ```ts
 * isBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq') // true
 * isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2') // true
 * isBitcoinAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed') // false
 * ```
 */
export function isBitcoinAddress(address: unknown): address is string {
  if (typeof address !== 'string') return false
  if (BASE58_ADDRESS.test(address)) return true
  const lower = address.toLowerCase()
  const singleCase = address === lower || address === address.toUpperCase()
  return singleCase && BECH32_ADDRESS.test(lower)
}
