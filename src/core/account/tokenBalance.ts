/** Token balance rules (SPEC §3 token balance, §5 "Tokens with decimals 0 are filtered"). */
import type { TokenBalance } from '../../events/account'

/**
 * Drop the balances whose decimals are "0" (SPEC §3: "Items with decimals '0' are dropped").
 * Returns the same list when nothing was dropped.
 *
 * ```ts
 * withoutZeroDecimals([usdc, { ...nft, quantity: { decimals: '0', numeric: '1' } }]) // [usdc]
 * ```
 */
export function withoutZeroDecimals(balances: readonly TokenBalance[]): readonly TokenBalance[] {
  const kept = balances.filter((balance) => balance.quantity.decimals !== '0')
  return kept.length === balances.length ? balances : kept
}
