import type { BlockchainApiRoute } from '../blockchain/server.mjs'

export const ONRAMP_PROVIDER: 'coinbase'
export const SESSION_TTL_MS: number
export const WIDGET_CSP: string

export interface OnrampOptions {
  port?: number
  /** An anvil with the demo tokens, and a treasury key that holds them (and ether). */
  evm?: { chainId: number; rpcUrl: string; tokens: { add: string; adt: string }; treasury: { address: string; privateKey: `0x${string}` } }
  /** The local Solana cluster; `mint` the demo SPL token, which ONRAMP_SOLANA_TREASURY must hold to sell it. */
  solana?: { caipNetworkId: string; rpcUrl: string; mint?: string }
  /** A token's icon URL for the history items (the Blockchain API's /v1/token-icon/{symbol}). */
  iconUrl?: (symbol: string) => string | null
  now?: () => number
  log?: (message: string) => void
}

export interface OnrampPurchase {
  address: string
  chain: string
  symbol: string
  amount: string
  transaction: string
}

export interface OnrampService {
  /** http://127.0.0.1:PORT: the widget's origin. */
  url: string
  port: number
  provider: 'coinbase'
  /** GET /v1/onramp/options, POST /v1/onramp/quote, POST /v1/generators/onrampurl: for startBlockchainApi's `routes`. */
  routes: BlockchainApiRoute[]
  /** For startBlockchainApi's `onrampHistory`. */
  onrampHistory: (request: { address: string; chains: string[]; provider: string; cursor: string | null; limit: number }) => {
    data: unknown[]
    next: string | null
  }
  purchases(): OnrampPurchase[]
  stop(): Promise<void>
}

export function startOnramp(options?: OnrampOptions): Promise<OnrampService>
