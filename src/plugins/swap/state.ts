/**
 * The swap plugin's slice: the network's swappable tokens and their prices as read, the form (the
 * two tokens, the amount and the slippage as typed), the quote and details read for the form's
 * swap `key`, and the step under way. What is shown (amounts, price, impact, fee, whether to
 * approve first) is derived from it (selectors.ts).
 *
 * The form resets when the network switches (SPEC §4's rule for forms tied to a network), the
 * account changes or disconnects, and after a swap landed; the tokens read are kept per network.
 */
import type { Draft } from 'immer'
import type { AirlockEvent, TokenBalance } from 'airlock/plugin'
import type { SwapToken } from './events'

/** SPEC §9 "Swap slippage tolerance": 1 (percent). */
export const DEFAULT_SLIPPAGE = '1'

/** The tokens of the network: being read (no entry), read, or refused. */
export type SwapTokenList =
  | { readonly caipNetworkId: string; readonly status: 'ready'; readonly tokens: readonly SwapToken[] }
  | { readonly caipNetworkId: string; readonly status: 'failed'; readonly message: string; readonly unsupported: boolean }

export interface SwapQuote {
  readonly key: string
  readonly status: 'ready' | 'failed'
  /** In the "to" token's base units, once read. */
  readonly toAmount: string | null
  readonly message: string | null
  /** The router's allowance (base units) and the next transaction's gas and gas price (wei), once read. */
  readonly details: { readonly allowance: string; readonly gas: string; readonly gasPrice: string } | null
}

export interface SwapState {
  /** The network the form is for (the last NETWORK_SWITCHED), so a switch starts it over. */
  readonly lastNetwork: string | null
  readonly list: SwapTokenList | null
  /** USD prices by symbol, of `list`'s network. */
  readonly prices: { readonly caipNetworkId: string; readonly bySymbol: Readonly<Record<string, number>> } | null
  /** The chosen tokens' CAIP-10 addresses. */
  readonly from: string | null
  readonly to: string | null
  readonly amountText: string
  readonly slippageText: string
  readonly quote: SwapQuote | null
  /** Approvals landed while the form was open: a new one reads the quote and allowance again. */
  readonly approvals: number
  readonly phase: 'idle' | 'approving' | 'swapping'
  /** The connected account's balances, as the account-data service last read them for the form. */
  readonly balances: { readonly caipAddress: string; readonly balances: readonly TokenBalance[] } | null
}

export const initialSwapState: SwapState = {
  lastNetwork: null,
  list: null,
  prices: null,
  from: null,
  to: null,
  amountText: '',
  slippageText: DEFAULT_SLIPPAGE,
  quote: null,
  approvals: 0,
  phase: 'idle',
  balances: null,
}

/** The events after which the form starts over (the tokens read stay: they are per network; the balances per account). */
const RESETS: ReadonlySet<string> = new Set(['SWAP_SUCCESS', 'ACCOUNT_CONNECTED', 'ACCOUNTS_CHANGED', 'DISCONNECT_SUCCESS', 'CONNECTION_RESET'])

const startOver = (draft: Draft<SwapState>): SwapState => ({
  ...initialSwapState,
  lastNetwork: draft.lastNetwork,
  list: draft.list,
  prices: draft.prices,
  balances: draft.balances,
})

/**
 * The quote of the swap `key` is being read: set by the effect's key, made of the form (selectors'
 * `quoteKey`). Typing changes the key, so the form shows "loading" at once, before the debounce.
 */
function pending(draft: Draft<SwapState>): void {
  draft.quote = null
}

export function reduceSwap(draft: Draft<SwapState>, event: AirlockEvent): void | SwapState {
  if (RESETS.has(event.type)) return startOver(draft)
  switch (event.type) {
    case 'NETWORK_SWITCHED':
      // A switch starts the form over (its tokens are of the last network).
      return { ...initialSwapState, lastNetwork: event.payload.caipNetworkId, list: draft.list, prices: draft.prices, balances: draft.balances }
    case 'SWAP_BALANCES_READ':
      draft.balances = event.payload as Draft<SwapState['balances']>
      return
    case 'SWAP_TOKENS_RECEIVED':
      draft.list = { caipNetworkId: event.payload.caipNetworkId, status: 'ready', tokens: event.payload.tokens as Draft<SwapToken>[] }
      return
    case 'SWAP_TOKENS_FAILED': {
      const { caipNetworkId, message, unsupported } = event.payload
      draft.list = { caipNetworkId, status: 'failed', message, unsupported }
      return
    }
    case 'SWAP_PRICES_RECEIVED':
      draft.prices = { caipNetworkId: event.payload.caipNetworkId, bySymbol: { ...event.payload.prices } }
      return
    case 'SWAP_TOKEN_SELECTED': {
      const { side, address } = event.payload
      const other = side === 'from' ? 'to' : 'from'
      // Choosing the other side's token swaps the two, as a flip would.
      if (draft[other] !== null && draft[other]!.toLowerCase() === address.toLowerCase()) draft[other] = draft[side]
      draft[side] = address
      pending(draft)
      return
    }
    case 'SWAP_TOKENS_FLIPPED': {
      const from = draft.from
      draft.from = draft.to
      draft.to = from
      pending(draft)
      return
    }
    case 'SWAP_AMOUNT_ENTERED':
      draft.amountText = event.payload.text
      pending(draft)
      return
    case 'SWAP_SLIPPAGE_ENTERED':
      draft.slippageText = event.payload.text
      return
    case 'SWAP_QUOTE_RECEIVED': {
      const { key, toAmount } = event.payload
      draft.quote = { key, status: 'ready', toAmount, message: null, details: draft.quote?.key === key ? draft.quote.details : null }
      return
    }
    case 'SWAP_DETAILS_RECEIVED': {
      const { key, allowance, gas, gasPrice } = event.payload
      if (draft.quote?.key !== key) return
      draft.quote.details = { allowance, gas, gasPrice }
      return
    }
    case 'SWAP_QUOTE_FAILED': {
      const { key, message } = event.payload
      draft.quote = { key, status: 'failed', toAmount: null, message, details: null }
      return
    }
    case 'SWAP_APPROVE_REQUESTED':
      draft.phase = 'approving'
      return
    case 'SWAP_APPROVED':
      draft.phase = 'idle'
      draft.approvals += 1
      draft.quote = null
      return
    case 'SWAP_REQUESTED':
      draft.phase = 'swapping'
      return
    case 'SWAP_ERROR':
      draft.phase = 'idle'
      return
    default:
      return
  }
}
