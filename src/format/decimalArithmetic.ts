/**
 * Exact decimal arithmetic on bigint, for amounts and prices (a fiat value is amount × price; a rate
 * is one amount ÷ another). Sums, differences and products are exact; a quotient is rounded to 20
 * places, half-up (SPEC §9), because it may not terminate.
 */
import { AirlockError } from '../kernel/errors'
import { BIG_NUMBER_DECIMALS } from './bigNumber'
import { assertPlaces, decimalToString, toDecimal, type Decimal, type DecimalInput } from './decimal'

/**
 * Add two decimals exactly.
 *
 * ```ts
 * addDecimals('0.1', '0.2') // '0.3'
 * ```
 */
export function addDecimals(a: DecimalInput, b: DecimalInput): string {
  const [x, y, scale] = aligned(toDecimal(a), toDecimal(b))
  return decimalToString({ units: x + y, scale })
}

/**
 * Subtract the second decimal from the first, exactly.
 *
 * ```ts
 * subtractDecimals('1', '0.9') // '0.1'
 * ```
 */
export function subtractDecimals(a: DecimalInput, b: DecimalInput): string {
  const [x, y, scale] = aligned(toDecimal(a), toDecimal(b))
  return decimalToString({ units: x - y, scale })
}

/**
 * Multiply two decimals exactly (the product of two finite decimals is finite, so nothing is lost).
 *
 * ```ts
 * multiplyDecimals('1.5', '2000.25') // '3000.375'
 * ```
 */
export function multiplyDecimals(a: DecimalInput, b: DecimalInput): string {
  const x = toDecimal(a)
  const y = toDecimal(b)
  return decimalToString({ units: x.units * y.units, scale: x.scale + y.scale })
}

/**
 * Divide the first decimal by the second, rounded to at most `places` fraction digits (default 20),
 * ties away from zero. Throws an `AirlockError` when dividing by zero.
 *
 * ```ts
 * divideDecimals('1', '3') // '0.33333333333333333333'
 * divideDecimals('2', '3', 2) // '0.67'
 * ```
 */
export function divideDecimals(a: DecimalInput, b: DecimalInput, places: number = BIG_NUMBER_DECIMALS): string {
  assertPlaces(places)
  const x = toDecimal(a)
  const y = toDecimal(b)
  if (y.units === 0n) throw new AirlockError('Division by zero')
  // x/y = (xu / 10^xs) / (yu / 10^ys); scaled by 10^places: xu · 10^(ys + places) / (yu · 10^xs).
  const numerator = x.units * 10n ** BigInt(y.scale + places)
  const denominator = y.units * 10n ** BigInt(x.scale)
  const negative = numerator < 0n !== denominator < 0n
  const n = numerator < 0n ? -numerator : numerator
  const d = denominator < 0n ? -denominator : denominator
  const magnitude = n / d + (2n * (n % d) >= d ? 1n : 0n)
  return decimalToString({ units: negative ? -magnitude : magnitude, scale: places })
}

/**
 * Compare two decimals exactly: -1 when the first is smaller, 0 when equal, 1 when larger.
 *
 * ```ts
 * compareDecimals('0.10', '0.1') // 0
 * compareDecimals('-1', '0.5') // -1
 * ```
 */
export function compareDecimals(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 {
  const [x, y] = aligned(toDecimal(a), toDecimal(b))
  return x < y ? -1 : x > y ? 1 : 0
}

function aligned(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale)
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale]
}
