/**
 * Amounts of the swap: what the visitor types (a decimal of the token) ↔ the token's base units the
 * API takes and answers. A typed amount with more fraction digits than the token has is refused,
 * never rounded: the swap would not be of what was typed.
 */
import { decimalToString, parseDecimal } from 'airlock/plugin'

const TYPED = /^\d{0,78}(\.\d{0,78})?$/

/**
 * The base units of `text`, or null when it is no plain non-negative decimal or is too precise.
 *
 * ```ts
 * toBaseUnits('1.5', 6) // 1500000n
 * toBaseUnits('0.0000001', 6) // null
 * ```
 */
export function toBaseUnits(text: string, decimals: number): bigint | null {
  const trimmed = text.trim()
  if (trimmed === '' || trimmed === '.' || !TYPED.test(trimmed) || !Number.isInteger(decimals) || decimals < 0 || decimals > 77) return null
  const fraction = trimmed.split('.')[1] ?? ''
  if (fraction.replace(/0+$/, '').length > decimals) return null
  const { units, scale } = parseDecimal(trimmed.startsWith('.') ? `0${trimmed}` : trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed)
  return scale <= decimals ? units * 10n ** BigInt(decimals - scale) : units / 10n ** BigInt(scale - decimals)
}

/** Base units as an exact decimal of the token: `fromBaseUnits(1500000n, 6)` is '1.5'. */
export function fromBaseUnits(units: bigint, decimals: number): string {
  return decimalToString({ units, scale: decimals })
}
