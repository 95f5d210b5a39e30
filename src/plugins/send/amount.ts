/**
 * Token amounts as the visitor types them and as the wallet sends them, without loss: a decimal
 * string of the token ↔ a bigint of its base units, for any decimals from 0 to 36 (a balance's
 * `quantity.decimals`). An amount with more fraction digits than the token has cannot be sent and
 * is refused, never rounded. Values in USD are derived: amount × price exactly, and USD ÷ price
 * rounded half-up (SPEC §9) to the token's decimals, at most 20 places.
 */
import { BIG_NUMBER_DECIMALS, roundHalfUp } from '../../format/bigNumber'
import { decimalToString, parseDecimal } from '../../format/decimal'
import { compareDecimals, divideDecimals, multiplyDecimals } from '../../format/decimalArithmetic'

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
 * The base units of a typed amount, or null when it is not a plain non-negative decimal or has more
 * fraction digits than `decimals` (it could not be sent exactly).
 *
 * ```ts
 * parseTokenAmount('1.5', 6) // 1500000n
 * parseTokenAmount('0.0000001', 6) // null: 7 places for 6 decimals
 * parseTokenAmount('1e3', 18) // null: only digits and a point
 * ```
 */
export function parseTokenAmount(text: string, decimals: number): bigint | null {
  if (!TYPED_AMOUNT.test(text) || tokenDecimals(decimals) === null) return null
  // Trailing zeros are not precision: '1.500' is 1.5 even of a 1-decimal token.
  const fraction = text.split('.')[1] ?? ''
  if (fraction.replace(/0+$/, '').length > decimals) return null
  const { units, scale } = parseDecimal(text)
  return scale <= decimals ? units * 10n ** BigInt(decimals - scale) : units / 10n ** BigInt(scale - decimals)
}

/**
 * Base units as a decimal string of the token, exactly, without trailing zeros.
 *
 * ```ts
 * formatTokenAmount(1500000n, 6) // '1.5'
 * formatTokenAmount(1n, 36) // '0.000000000000000000000000000000000001'
 * ```
 */
export function formatTokenAmount(units: bigint, decimals: number): string {
  return decimalToString({ units, scale: decimals })
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

/** Whether `amount` is more than `balance` (both decimal strings of the token). `exceeds('2', '1.5') // true` */
export function exceeds(amount: string, balance: string): boolean {
  return compareDecimals(amount, balance) > 0
}
