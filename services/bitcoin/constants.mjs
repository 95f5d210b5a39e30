// The regtest node's constants (./server.mjs re-exports the public ones): the demo wallet's key and
// addresses, the start height, limits, fee estimates and the patterns of txids and hex.
import { bitcoin } from './libs.mjs'

export const REGTEST = bitcoin.networks.regtest

/**
 * The demo wallet's key, regtest only: sha256 of a fixed phrase, published here, worthless. Never
 * send anything of value to an address derived from it.
 */
export const DEMO_BITCOIN_WIF = 'cPh6jdUNqTKrH9HFGmmjm7P15V4UioUqUYiYEcAtzgbmzVh5rysk'
/** The demo key's native segwit (P2WPKH) regtest address, the demo wallet's payment address. */
export const DEMO_BITCOIN_PAYMENT_ADDRESS = 'bcrt1qr242js6jdfzwwjz0hqdjg9rkgasttuvwcu64ns'
/** The demo key's taproot (P2TR, key path, BIP-86 tweak) regtest address, the demo wallet's ordinals address. */
export const DEMO_BITCOIN_ORDINALS_ADDRESS = 'bcrt1pswcwgz3rr2wrdnfktn52jsu9eanumc4zc3q7klllm47pc77rufsqu4cuqt'

/** segwit activates at height 432 on bcoin's regtest (BIP-9, three 144-block windows); 432 > 100 also matures the first coinbases. */
export const START_BLOCKS = 432
export const COINBASE_MATURITY = 100
/** Most blocks one mine call makes. */
export const MAX_MINE_BLOCKS = 1000
/** Largest POST body, in bytes (a raw transaction in hex). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024
/** Fee rate for the service's own funding transactions, in satoshis per 1000 vbytes. */
export const FUND_RATE = 2000
/** Most confirmed transactions in one /txs page, as Esplora. */
export const CHAIN_TXS_PAGE = 25
export const MAX_MONEY = 21_000_000n * 100_000_000n

/** Fixed fee estimates (sat/vB) for the confirmation targets Esplora answers; regtest has no fee market. */
export const FEE_ESTIMATES = Object.fromEntries(
  [...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008].map((target) => [String(target), target <= 2 ? 3 : target <= 6 ? 2 : 1]),
)

export const TXID = /^[0-9a-fA-F]{64}$/
export const HEX = /^(?:[0-9a-fA-F]{2})+$/
