/**
 * Exact decimal numbers on bigint: a value is `units / 10^scale`. Token amounts and prices need more
 * digits than a float keeps (an 18-decimal balance over 9,007 tokens already loses wei), so the
 * big-number helpers work on this form and never on `number`.
 */
import { AirlockError } from '../kernel/errors'

/** An exact decimal: `units / 10^scale`, with `scale` a non-negative integer. */
export interface Decimal {
  readonly units: bigint
  readonly scale: number
}

/** What the decimal helpers accept: a decimal string, a bigint (an integer) or a finite number. */
export type DecimalInput = string | bigint | number

// Sign, integer digits, fraction digits, exponent. "1.", ".5" and "1e-7" are accepted because
// String(number) and user input produce them.
const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/** Largest exponent accepted; 10^10000 is still cheap as a bigint, "1e999999999" would not be. */
const MAX_EXPONENT = 10_000

/**
 * Parse a decimal string (optional sign, digits with an optional point, optional exponent) into an
 * exact `Decimal`. Throws an `AirlockError` for anything else, including empty strings, grouping
 * separators and exponents beyond ±10000.
 *
 * ```ts
 * parseDecimal('-12.50') // { units: -1250n, scale: 2 }
 * parseDecimal('1e21') // { units: 1000000000000000000000n, scale: 0 }
 * parseDecimal('1,000') // throws
 * ```
 */
export function parseDecimal(input: string): Decimal {
  const match = DECIMAL_PATTERN.exec(input)
  const [, sign = '', integer = '', fraction = '', exponentText = '0'] = match ?? []
  if (match === null || integer + fraction === '') throw invalidDecimal(input)
  const exponent = Number(exponentText)
  if (Math.abs(exponent) > MAX_EXPONENT) throw invalidDecimal(input, `exponent beyond ±${MAX_EXPONENT}`)
  const magnitude = BigInt(integer + fraction)
  const units = sign === '-' ? -magnitude : magnitude
  const scale = fraction.length - exponent
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 }
}

/**
 * Turn any `DecimalInput` into an exact `Decimal`. A number is read through its shortest decimal
 * form (`String(0.1)` is "0.1"), which is the value the caller wrote, not the binary float behind it.
 * Throws an `AirlockError` for NaN, infinities and malformed strings.
 *
 * ```ts
 * toDecimal(1.005) // { units: 1005n, scale: 3 }
 * toDecimal(10n) // { units: 10n, scale: 0 }
 * ```
 */
export function toDecimal(value: DecimalInput): Decimal {
  if (typeof value === 'bigint') return { units: value, scale: 0 }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidDecimal(String(value))
    return parseDecimal(String(value))
  }
  return parseDecimal(value)
}

/**
 * Write a `Decimal` in plain notation (never an exponent), dropping trailing fraction zeros but
 * keeping at least `minPlaces` fraction digits. Zero has no sign.
 *
 * ```ts
 * decimalToString({ units: -1250n, scale: 2 }) // '-12.5'
 * decimalToString({ units: 5n, scale: 0 }, 2) // '5.00'
 * ```
 */
export function decimalToString(decimal: Decimal, minPlaces = 0): string {
  const { units, scale } = decimal
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0')
  const integer = digits.slice(0, digits.length - scale)
  let fraction = digits.slice(digits.length - scale).replace(/0+$/, '')
  if (fraction.length < minPlaces) fraction = fraction.padEnd(minPlaces, '0')
  return `${units < 0n ? '-' : ''}${integer}${fraction === '' ? '' : '.'}${fraction}`
}

/**
 * Check a count of decimal places: an integer from 0 to `max`. The upper bound keeps a typo from
 * building a string of a billion zeros.
 *
 * ```ts
 * assertPlaces(2) // ok
 * assertPlaces(-1) // throws
 * ```
 */
export function assertPlaces(places: number, max = 1000): void {
  if (!Number.isInteger(places) || places < 0 || places > max) {
    throw new AirlockError('Invalid number of decimal places', { details: `${places} must be an integer from 0 to ${max}` })
  }
}

function invalidDecimal(input: string, reason = 'expected digits with an optional sign, point and exponent'): AirlockError {
  const shown = input.length > 80 ? `${input.slice(0, 80)}…` : input
  return new AirlockError('Invalid decimal number', { details: `${JSON.stringify(shown)}: ${reason}` })
}
