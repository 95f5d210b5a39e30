import type { BlockchainApiEvmChain, BlockchainApiRoute, BlockchainApiSwap } from './server.mjs'

/** The most slippage a swap may be built with, in percent. */
export const MAX_SLIPPAGE_PERCENT: number

/**
 * The convert routes (SPEC §7 /v1/convert/*) over a Uniswap V2 deployment on one of `evm`'s chains:
 * tokens, quotes, allowance, gas-price, build-approve (exactly `amount` when given, else the most
 * there is) and build-transaction (slippage in percent).
 */
export function convertRoutes(options: {
  swap: BlockchainApiSwap
  evm: BlockchainApiEvmChain[]
  /** The API's token list, each with its CAIP-2 `chain`. */
  tokens?: { chain: string; address: string; name: string; symbol: string; decimals: number; iconUrl?: string }[]
  priceOf?: unknown
  /** The URL of a token's icon by symbol (the API's /v1/token-icon/{symbol}). */
  iconFor?: (symbol: string) => string
}): BlockchainApiRoute[]
