/**
 * What the Swap view shows and the swap effects send, derived from the state: the network's
 * swappable tokens with the visitor's balances (the tokens plugin's, read by its registry type),
 * the two chosen, the amount in base units, the quote's amount out, the price (1 X = N Y), the
 * price impact (what the swap loses in USD at the API's prices), the least received at the
 * slippage, the network fee (gas × gas price), whether an approval must come first, and the first
 * reason the swap cannot be made.
 */
import { selectConnectedAccount, selectActiveNetwork, type CaipNetwork, type ConnectedAccount, type RootState } from 'airlock/plugin'
import type { SwapToken } from './events'
import { SWAP_NAMESPACES } from './namespaces'
import { initialSwapState, type SwapState } from './state'
import { fromBaseUnits, toBaseUnits } from './units'

/** What the API writes for the native currency where a token address is expected. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** The most slippage the visitor may set, in percent (the API refuses more). */
export const MAX_SLIPPAGE = 50

/**
 * The native token of a network as a CAIP-10 address; SPEC §9 "Native token default: namespace
 * eip155, chain id 1" when there is no network.
 *
 * ```ts
 * nativeTokenAddress(polygon) // 'eip155:137:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
 * nativeTokenAddress(undefined) // 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
 * ```
 */
export const nativeTokenAddress = (network: { readonly chainNamespace: string; readonly id: number | string } | null | undefined): string =>
  `${network?.chainNamespace ?? 'eip155'}:${String(network?.id ?? 1)}:${NATIVE_TOKEN_ADDRESS}`

/** Whether a CAIP-10 token address is the native currency's. */
export const isNative = (caip10: string): boolean => caip10.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS}`)
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** A token of the list with what the visitor holds of it (a decimal of the token; null when unknown) and its USD price. */
export interface SwapTokenView extends SwapToken {
  readonly balance: string | null
  readonly price: number | null
}

/** Why the swap cannot be made now. */
export type SwapProblem =
  'unsupportedNetwork' | 'tokensFailed' | 'chooseTokens' | 'enterAmount' | 'invalidAmount' | 'invalidSlippage' | 'insufficientBalance' | 'noQuote'

export interface SwapForm {
  readonly swap: SwapState
  readonly network: CaipNetwork | null
  /** The connected address on the active network, and its CAIP-10 form. */
  readonly address: string | null
  readonly caipAddress: string | null
  /** The active namespace swaps (SPEC §9) and an account is connected there. */
  readonly supported: boolean
  readonly tokensStatus: 'loading' | 'ready' | 'failed'
  /** Why the tokens could not be read (SPEC §8's "Network not supported for Swaps" when the API does not serve the network). */
  readonly tokensMessage: string | null
  readonly tokens: readonly SwapTokenView[]
  readonly from: SwapTokenView | null
  readonly to: SwapTokenView | null
  /** The amount in the "from" token's base units; null when none or not an amount of it. */
  readonly amount: bigint | null
  /** Slippage in basis points; null when what was typed is no percentage from 0 to MAX_SLIPPAGE. */
  readonly slippageBps: number | null
  /** The form's swap, as the quote is keyed: null while it is incomplete. */
  readonly key: string | null
  readonly quoteStatus: 'none' | 'loading' | 'ready' | 'failed'
  readonly quoteMessage: string | null
  /** Amount out (a decimal of the "to" token), once quoted. */
  readonly toAmount: string | null
  /** How many "to" one "from" buys at the quote. */
  readonly rate: string | null
  /** Percent of the swapped value lost at the API's USD prices (pool fee included); null without prices. */
  readonly priceImpact: number | null
  /** The least received at the slippage (a decimal of the "to" token). */
  readonly minReceived: string | null
  /** The next transaction's network fee in the native currency (a decimal) and in USD. */
  readonly fee: { readonly amount: string; readonly symbol: string; readonly usd: number | null } | null
  /** An approval must land before the swap (the router's allowance is short of the amount). */
  readonly needsApproval: boolean
  /** Everything the next step needs is read and nothing is under way. */
  readonly ready: boolean
  readonly problem: SwapProblem | null
}

/**
 * The key of a swap's quote: account, tokens, amount, and the approvals landed (an approval reads
 * the quote and allowance again).
 */
export function quoteKey(caipAddress: string, from: string, to: string, amount: bigint, approvals: number): string {
  return `${caipAddress}|${from.toLowerCase()}|${to.toLowerCase()}|${amount}|${approvals}`
}

/**
 * Slippage typed in percent → basis points, or null: a plain decimal from 0 to MAX_SLIPPAGE with at most two places.
 *
 * ```ts
 * slippageBps('1') // 100
 * slippageBps('0.5') // 50
 * slippageBps('51') // null
 * ```
 */
export function slippageBps(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(trimmed)) return null
  const bps = Math.round(Number(trimmed) * 100)
  return bps <= MAX_SLIPPAGE * 100 ? bps : null
}

/** The least a swap of `out` base units yields at `bps` of slippage (rounded down, as the API builds amountOutMin). */
export function minimumOut(out: bigint, bps: number): bigint {
  return (out * BigInt(10_000 - bps)) / 10_000n
}

/**
 * Percent of the value lost in a swap, at USD prices: 0 or more.
 *
 * ```ts
 * priceImpact('10', 2, '0.00664', 3000) // 0.4: $20 in, $19.92 out
 * ```
 */
export function priceImpact(fromAmount: string, fromPrice: number, toAmount: string, toPrice: number): number | null {
  const valueIn = Number(fromAmount) * fromPrice
  const valueOut = Number(toAmount) * toPrice
  if (!(valueIn > 0) || !Number.isFinite(valueOut)) return null
  return Math.max(0, ((valueIn - valueOut) / valueIn) * 100)
}

/**
 * The tokens whose name, symbol or address contains `query` (any case), in list order.
 *
 * ```ts
 * filterTokens(tokens, 'ad') // ADT, ADD
 * ```
 */
export function filterTokens<T extends SwapToken>(tokens: readonly T[], query: string): readonly T[] {
  const q = query.trim().toLowerCase()
  if (q === '') return tokens
  return tokens.filter((t) => t.symbol.toLowerCase().includes(q) || t.name.toLowerCase().includes(q) || t.address.toLowerCase().includes(q))
}

function tokenViews(swap: SwapState, network: CaipNetwork, account: ConnectedAccount | undefined): readonly SwapTokenView[] {
  const list = swap.list
  if (!list || list.caipNetworkId !== network.caipNetworkId || list.status !== 'ready') return []
  const read = account && swap.balances?.caipAddress === account.caipAddress ? swap.balances.balances : []
  const balances = read.filter((b) => b.chainId === network.caipNetworkId)
  const prices = swap.prices?.caipNetworkId === network.caipNetworkId ? swap.prices.bySymbol : {}
  return list.tokens.map((token) => {
    const held = isNative(token.address)
      ? balances.find((b) => b.address === undefined || b.address === '')
      : balances.find(
          (b) => b.address !== undefined && (same(b.address, token.address) || same(b.address, token.address.slice(token.address.lastIndexOf(':') + 1))),
        )
    const price = prices[token.symbol] ?? (held && held.price > 0 ? held.price : null)
    // The native balance the core holds when the tokens plugin has none.
    const native = isNative(token.address) && !held && account ? account.record.balance : null
    return { ...token, balance: held ? held.quantity.numeric : native, price }
  })
}

let last: { readonly key: readonly unknown[]; readonly form: SwapForm } | undefined

/**
 * The swap form. The same state gives the same object (for useSyncExternalStore).
 *
 * ```ts
 * selectSwapForm(state).toAmount // '0.00664'
 * selectSwapForm(state).needsApproval // true: "Approve ADT" first
 * ```
 */
export function selectSwapForm(root: RootState): SwapForm {
  const swap = root.swap ?? initialSwapState
  const network = selectActiveNetwork(root)
  const account = selectConnectedAccount(root)
  const caipAddress = account?.caipAddress ?? null
  const memo = [swap, network, account]
  if (last && last.key.every((part, i) => part === memo[i])) return last.form

  const supported = account !== undefined && SWAP_NAMESPACES.includes(account.namespace)
  const list = network && swap.list?.caipNetworkId === network.caipNetworkId ? swap.list : null
  const tokens = network ? tokenViews(swap, network, account) : []
  const pick = (address: string | null) => (address === null ? null : (tokens.find((t) => same(t.address, address)) ?? null))
  const from = pick(swap.from)
  const to = pick(swap.to)
  const amount = from ? toBaseUnits(swap.amountText, from.decimals) : null
  const bps = slippageBps(swap.slippageText)
  const key = caipAddress && from && to && amount !== null && amount > 0n ? quoteKey(caipAddress, from.address, to.address, amount, swap.approvals) : null
  const quote = key !== null && swap.quote?.key === key ? swap.quote : null
  const quoteStatus = key === null ? 'none' : quote === null ? 'loading' : quote.status === 'failed' ? 'failed' : 'ready'
  const outUnits = quote?.toAmount != null ? BigInt(quote.toAmount) : null
  const toAmount = outUnits !== null && to ? fromBaseUnits(outUnits, to.decimals) : null
  const fromAmount = amount !== null && from ? fromBaseUnits(amount, from.decimals) : null
  const rate = toAmount !== null && fromAmount !== null && Number(fromAmount) > 0 ? String(Number(toAmount) / Number(fromAmount)) : null
  const impact = toAmount !== null && fromAmount !== null && from?.price && to?.price ? priceImpact(fromAmount, from.price, toAmount, to.price) : null
  const minReceived = outUnits !== null && to && bps !== null ? fromBaseUnits(minimumOut(outUnits, bps), to.decimals) : null
  const details = quote?.details ?? null
  // The network's fee is paid in its own native token: its price, not another network's.
  const nativeToken = tokens.find((t) => same(t.address, nativeTokenAddress(network)))
  const feeWei = details ? BigInt(details.gas) * BigInt(details.gasPrice) : null
  const feeAmount = feeWei !== null && network ? fromBaseUnits(feeWei, network.nativeCurrency.decimals) : null
  const fee =
    feeAmount !== null && network
      ? { amount: feeAmount, symbol: network.nativeCurrency.symbol, usd: nativeToken?.price ? Number(feeAmount) * nativeToken.price : null }
      : null
  const needsApproval = Boolean(from && !isNative(from.address) && details && amount !== null && BigInt(details.allowance) < amount)
  const balanceUnits = from?.balance != null ? toBaseUnits(from.balance, from.decimals) : null

  let problem: SwapProblem | null = null
  if (list?.status === 'failed') problem = list.unsupported ? 'unsupportedNetwork' : 'tokensFailed'
  else if (!from || !to) problem = 'chooseTokens'
  else if (swap.amountText.trim() === '') problem = 'enterAmount'
  else if (amount === null || amount === 0n) problem = 'invalidAmount'
  else if (bps === null) problem = 'invalidSlippage'
  else if (balanceUnits !== null && balanceUnits < amount) problem = 'insufficientBalance'
  else if (quoteStatus === 'failed') problem = 'noQuote'

  const form: SwapForm = {
    swap,
    network,
    address: account?.address ?? null,
    caipAddress,
    supported,
    tokensStatus: list === null ? 'loading' : list.status,
    tokensMessage: list?.status === 'failed' ? list.message : null,
    tokens,
    from,
    to,
    amount,
    slippageBps: bps,
    key,
    quoteStatus,
    quoteMessage: quote?.message ?? null,
    toAmount,
    rate,
    priceImpact: impact,
    minReceived,
    fee,
    needsApproval,
    ready: problem === null && supported && quoteStatus === 'ready' && details !== null && swap.phase === 'idle',
    problem,
  }
  last = { key: memo, form }
  return form
}
