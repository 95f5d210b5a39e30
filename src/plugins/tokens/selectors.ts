/**
 * What the Tokens tab shows: the active account's balances without decimals-0 items (SPEC §3,
 * §5), highest value first, and their total in USD; and whether they are loading or unavailable.
 */
import { selectConnectedAccount, withoutZeroDecimals, type TokenBalance, type RootState } from 'airlock/plugin'

export interface TokensView {
  readonly status: 'loading' | 'ready' | 'unavailable' | 'none'
  readonly balances: readonly TokenBalance[]
  /** The sum of the values, USD. */
  readonly total: number
}

const NONE: TokensView = { status: 'none', balances: [], total: 0 }
let last: { readonly key: readonly unknown[]; readonly view: TokensView } | undefined

/**
 * ```ts
 * selectTokensView(state) // { status: 'ready', balances: [ADT, ETH], total: 32000 }
 * ```
 */
export function selectTokensView(state: RootState): TokensView {
  const caipAddress = selectConnectedAccount(state)?.caipAddress ?? null
  const slice = state.tokens
  if (!caipAddress || !slice) return NONE
  const read = slice.byAddress[caipAddress]
  const key = [caipAddress, read, slice.loading, slice.blockedUntil[caipAddress]]
  if (last && last.key.every((part, i) => part === key[i])) return last.view
  let view: TokensView
  if (read) {
    const balances = [...withoutZeroDecimals(read.balances)].sort((a, b) => b.value - a.value)
    view = { status: 'ready', balances, total: balances.reduce((sum, b) => sum + b.value, 0) }
  } else if (slice.loading === caipAddress) view = { ...NONE, status: 'loading' }
  else if (slice.blockedUntil[caipAddress] !== undefined) view = { ...NONE, status: 'unavailable' }
  else view = { ...NONE, status: 'loading' }
  last = { key, view }
  return view
}
