/**
 * Token amounts as the visitor types them: plain decimals in the token, or in USD, which comes to
 * USD ÷ price rounded half-up (SPEC §9) to the token's decimals, at most 20 places, so it can be
 * sent exactly; and the other way, amount × price, exact, then rounded to 20 places. Their base
 * units are in ./baseUnits.
 */
import { BIG_NUMBER_DECIMALS, roundHalfUp, divideDecimals, multiplyDecimals } from 'airlock/plugin'

/** The most decimals a token amount is read with (a balance's `quantity.decimals`). */
export const MAX_TOKEN_DECIMALS = 36

/** What the visitor may type: digits with at most one point; no sign, exponent or grouping. */
const TYPED_AMOUNT = /^(\d+\.?\d*|\.\d+)$/

/** Whether `text` is an amount as the visitor may type it. `isTypedAmount('1.5') // true`, `isTypedAmount('1e3') // false` */
export function isTypedAmount(text: string): boolean {
  return TYPED_AMOUNT.test(text)
}

/** A balance's decimals as a count, or null when it is not an integer from 0 to 36. */
export function tokenDecimals(decimals: string | number): number | null {
  const n = typeof decimals === 'number' ? decimals : /^\d{1,2}$/.test(decimals) ? Number(decimals) : NaN
  return Number.isInteger(n) && n >= 0 && n <= MAX_TOKEN_DECIMALS ? n : null
}

/**
 * The USD value of a token amount: amount × price, exact, then rounded half-up to 20 places.
 *
 * ```ts
 * tokenAmountToUsd('1.5', 3000) // '4500'
 * ```
 */
export function tokenAmountToUsd(amount: string, price: number): string {
  return roundHalfUp(multiplyDecimals(amount, price))
}

/**
 * The token amount worth `usd`: usd ÷ price, rounded half-up to the token's decimals (at most 20
 * places), so it can be sent exactly; null without a price or for text that is not an amount.
 *
 * ```ts
 * usdToTokenAmount('100', 3000, 18) // '0.03333333333333333333'
 * usdToTokenAmount('1', 3, 0) // '0'
 * ```
 */
export function usdToTokenAmount(usd: string, price: number, decimals: number): string | null {
  if (!TYPED_AMOUNT.test(usd) || !(price > 0) || tokenDecimals(decimals) === null) return null
  return divideDecimals(usd, price, Math.min(decimals, BIG_NUMBER_DECIMALS))
}

/**
 * The token amount `text` typed in `unit` comes to: the text itself in the token (kept as typed:
 * one with too many decimals is the form's problem to name), USD ÷ price otherwise; null when it
 * is no number, or there is no token.
 *
 * ```ts
 * amountFromInput('30', 'usd', eth) // '0.01' at 3,000 USD
 * ```
 */
export function amountFromInput(
  text: string,
  unit: 'token' | 'usd',
  token: { readonly price: number; readonly quantity: { readonly decimals: string } } | null,
): string | null {
  const trimmed = text.trim()
  const decimals = token ? tokenDecimals(token.quantity.decimals) : null
  if (!token || decimals === null || trimmed === '') return null
  if (unit === 'usd') return usdToTokenAmount(trimmed, token.price, decimals)
  return isTypedAmount(trimmed) ? trimmed : null
}
