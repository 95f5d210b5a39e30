/**
 * The swap plugin's events. Public (analytics, DESIGN "Events", names fixed: the tokens and
 * activity plugins read the balances again on SWAP_SUCCESS): SWAP_SUCCESS and SWAP_ERROR. The
 * others are the form's steps (tokens chosen, amount and slippage typed, the flip) and the API's
 * answers (tokens, prices, quote, allowance and fee), and the visitor's Approve and Swap.
 */
import * as t from 'io-ts'
import { defineEvent, NoPayload, TokenBalance, TransactionSettled, defineEvents, type EventsOf, type PublicEventsOf } from 'airlock/plugin'

/** A token the API can swap on a network (GET /v1/convert/tokens): `address` is CAIP-10 (the native currency's is 0xeee…). */
export const SwapToken = t.type({ name: t.string, symbol: t.string, address: t.string, decimals: t.number, logoUri: t.string }, 'SwapToken')
export type SwapToken = t.TypeOf<typeof SwapToken>

export const SwapSide = t.keyof({ from: null, to: null }, 'SwapSide')
export type SwapSide = t.TypeOf<typeof SwapSide>

/** The tokens of `caipNetworkId` were read. */
export const SwapTokensReceived = defineEvent('SWAP_TOKENS_RECEIVED', t.type({ caipNetworkId: t.string, tokens: t.array(SwapToken) }))
export type SwapTokensReceived = t.TypeOf<typeof SwapTokensReceived>

/**
 * The tokens of `caipNetworkId` could not be read: `unsupported` when the Blockchain API does not
 * serve the network (SPEC §5; `message` is then SPEC §8's "Network not supported for Swaps").
 */
export const SwapTokensFailed = defineEvent('SWAP_TOKENS_FAILED', t.type({ caipNetworkId: t.string, message: t.string, unsupported: t.boolean }))
export type SwapTokensFailed = t.TypeOf<typeof SwapTokensFailed>

/** USD prices of the network's tokens by symbol (POST /v1/fungible/price). */
export const SwapPricesReceived = defineEvent('SWAP_PRICES_RECEIVED', t.type({ caipNetworkId: t.string, prices: t.record(t.string, t.number) }))
export type SwapPricesReceived = t.TypeOf<typeof SwapPricesReceived>

/** The visitor chose the token to swap from or to, by its CAIP-10 address. */
export const SwapTokenSelected = defineEvent('SWAP_TOKEN_SELECTED', t.type({ side: SwapSide, address: t.string }))
export type SwapTokenSelected = t.TypeOf<typeof SwapTokenSelected>

/** The visitor flipped the two tokens (the amount typed stays, now of the other token). */
export const SwapTokensFlipped = defineEvent('SWAP_TOKENS_FLIPPED', NoPayload)
export type SwapTokensFlipped = t.TypeOf<typeof SwapTokensFlipped>

/** The visitor typed the amount to swap, in the "from" token. */
export const SwapAmountEntered = defineEvent('SWAP_AMOUNT_ENTERED', t.type({ text: t.string }))
export type SwapAmountEntered = t.TypeOf<typeof SwapAmountEntered>

/** The visitor typed the slippage tolerance, in percent (SPEC §9 default 1). */
export const SwapSlippageEntered = defineEvent('SWAP_SLIPPAGE_ENTERED', t.type({ text: t.string }))
export type SwapSlippageEntered = t.TypeOf<typeof SwapSlippageEntered>

/** The quote for the swap `key` (account, tokens, amount): `toAmount` in the "to" token's base units. */
export const SwapQuoteReceived = defineEvent('SWAP_QUOTE_RECEIVED', t.type({ key: t.string, toAmount: t.string }))
export type SwapQuoteReceived = t.TypeOf<typeof SwapQuoteReceived>

/**
 * What the swap `key` needs and costs: the allowance the router has of the "from" token (base
 * units), and the gas and gas price (wei) of the next transaction to send.
 */
export const SwapDetailsReceived = defineEvent('SWAP_DETAILS_RECEIVED', t.type({ key: t.string, allowance: t.string, gas: t.string, gasPrice: t.string }))
export type SwapDetailsReceived = t.TypeOf<typeof SwapDetailsReceived>

/** No quote for the swap `key`: `message` says why (SPEC §8's words when the network is not served). */
export const SwapQuoteFailed = defineEvent('SWAP_QUOTE_FAILED', t.type({ key: t.string, message: t.string }))
export type SwapQuoteFailed = t.TypeOf<typeof SwapQuoteFailed>

/** The visitor pressed "Approve": the router is to be allowed to take the "from" token. */
export const SwapApproveRequested = defineEvent('SWAP_APPROVE_REQUESTED', NoPayload)
export type SwapApproveRequested = t.TypeOf<typeof SwapApproveRequested>

/** The approval landed (its transaction `hash`): the swap can be sent. */
export const SwapApproved = defineEvent('SWAP_APPROVED', t.type({ token: t.string, hash: t.string }))
export type SwapApproved = t.TypeOf<typeof SwapApproved>

/** The visitor pressed "Swap". */
export const SwapRequested = defineEvent('SWAP_REQUESTED', NoPayload)
export type SwapRequested = t.TypeOf<typeof SwapRequested>

/**
 * Public: the swap landed. Tokens by symbol and CAIP-10 address; `fromAmount` what was swapped and
 * `toAmount` what was quoted for it (decimal strings of the tokens); `hash` the transaction's.
 */
export const SwapSuccess = defineEvent(
  'SWAP_SUCCESS',
  t.type({
    caipNetworkId: t.string,
    fromToken: t.string,
    toToken: t.string,
    fromAddress: t.string,
    toAddress: t.string,
    fromAmount: t.string,
    toAmount: t.string,
    hash: t.string,
  }),
)
export type SwapSuccess = t.TypeOf<typeof SwapSuccess>

/** Why a step failed: the network is not served (SPEC §5), the visitor declined (4001), the chain reverted it, or anything else. */
export const SwapFailure = t.keyof({ unsupportedNetwork: null, rejected: null, reverted: null, failed: null }, 'SwapFailure')
export type SwapFailure = t.TypeOf<typeof SwapFailure>

/** Public: the approval or the swap failed. The form's network, tokens and amount, null where it had none; `at` in clock ms. */
export const SwapError = defineEvent(
  'SWAP_ERROR',
  t.type({
    caipNetworkId: t.union([t.string, t.null]),
    fromToken: t.union([t.string, t.null]),
    toToken: t.union([t.string, t.null]),
    fromAmount: t.union([t.string, t.null]),
    step: t.keyof({ approve: null, swap: null }),
    message: t.string,
    reason: SwapFailure,
    at: t.number,
  }),
)
export type SwapError = t.TypeOf<typeof SwapError>

/** The connected account's balances, read through the account-data service while the form is shown. */
export const SwapBalancesRead = defineEvent('SWAP_BALANCES_READ', t.type({ caipAddress: t.string, balances: t.readonlyArray(TokenBalance) }))
export type SwapBalancesRead = t.TypeOf<typeof SwapBalancesRead>

export const swapEvents = defineEvents(
  {
    SWAP_BALANCES_READ: SwapBalancesRead,
    SWAP_TOKENS_RECEIVED: SwapTokensReceived,
    SWAP_TOKENS_FAILED: SwapTokensFailed,
    SWAP_PRICES_RECEIVED: SwapPricesReceived,
    SWAP_TOKEN_SELECTED: SwapTokenSelected,
    SWAP_TOKENS_FLIPPED: SwapTokensFlipped,
    SWAP_AMOUNT_ENTERED: SwapAmountEntered,
    SWAP_SLIPPAGE_ENTERED: SwapSlippageEntered,
    SWAP_QUOTE_RECEIVED: SwapQuoteReceived,
    SWAP_DETAILS_RECEIVED: SwapDetailsReceived,
    SWAP_QUOTE_FAILED: SwapQuoteFailed,
    SWAP_APPROVE_REQUESTED: SwapApproveRequested,
    SWAP_APPROVED: SwapApproved,
    SWAP_REQUESTED: SwapRequested,
    SWAP_SUCCESS: SwapSuccess,
    SWAP_ERROR: SwapError,
    TRANSACTION_SETTLED: TransactionSettled,
  },
  { public: ['SWAP_SUCCESS', 'SWAP_ERROR', 'TRANSACTION_SETTLED'] },
)

// The plugin's events join the registries from this one declaration (its public ones `PublicEvent` too).
declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof swapEvents> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface PublicEventRegistry extends PublicEventsOf<typeof swapEvents> {}
}
