/** The demo wallet's regtest private key (WIF): public and worthless. */
export const DEMO_BITCOIN_WIF: string
/** Its P2WPKH regtest address (bcrt1q…). */
export const DEMO_BITCOIN_PAYMENT_ADDRESS: string
/** Its P2TR key-path regtest address (bcrt1p…), same key, BIP-86 tweak. */
export const DEMO_BITCOIN_ORDINALS_ADDRESS: string
export const MAX_MINE_BLOCKS: number
/** What GET /fee-estimates answers: confirmation target → sat/vB. */
export const FEE_ESTIMATES: Record<string, number>

/** bcoin's objects (bcoin ships no types): for inspection in tests, not a stable API. */
export interface BitcoinNode {
  network: unknown
  chain: { height: number; [key: string]: unknown }
  mempool: { [key: string]: unknown }
  miner: { [key: string]: unknown }
}

export interface Bitcoin {
  /** The Esplora base URL, http://127.0.0.1:PORT. */
  url: string
  port: number
  node: BitcoinNode
  /** Mine `blocks` (1 to MAX_MINE_BLOCKS) with the coinbase to `address` (default: the service's); resolves with the block hashes. */
  mine(blocks?: number, address?: string): Promise<string[]>
  /** Send `sats` to `address` from the service's coins and mine one block; resolves with the txid. */
  fund(address: string, sats: bigint): Promise<string>
  stop(): Promise<void>
}

export function startBitcoin(options?: { port?: number; accounts?: { address: string; sats: bigint }[] }): Promise<Bitcoin>
