/**
 * Token amounts as the wallet sends them, without loss: a decimal string of the token ↔ a bigint
 * of its base units, for any decimals from 0 to 36 (a balance's `quantity.decimals`). An amount
 * with more fraction digits than the token has cannot be sent and is refused, never rounded.
 */
import { decimalToString, parseDecimal, compareDecimals } from 'airlock/plugin'
import { isTypedAmount, tokenDecimals } from './amount'

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
  if (!isTypedAmount(text) || tokenDecimals(decimals) === null) return null
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

/** Whether `amount` is more than `balance` (both decimal strings of the token). `exceeds('2', '1.5') // true` */
export function exceeds(amount: string, balance: string): boolean {
  return compareDecimals(amount, balance) > 0
}
