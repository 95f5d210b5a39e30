// The Blockchain API's public constants (./server.mjs re-exports them): default prices, page sizes,
// the Transfer topic and the addresses that stand for a chain's native currency.
/** USD prices by symbol, unless the caller's `prices` or a token's `priceUsd` says otherwise. */
export const DEFAULT_PRICES = Object.freeze({ ETH: 3000, SOL: 150, ADT: 2, ADD: 1, 'USDT-L': 1 })
export const PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100
/** keccak256('Transfer(address,address,uint256)'): ERC-20 (3 topics) and ERC-721 (4 topics). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** What wallets and APIs write for "the native currency" where a token address is expected. */
export const EVM_NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
export const SOLANA_NATIVE_MINT = 'So11111111111111111111111111111111111111112'
