/**
 * Big-number rounding and formatting (SPEC §9: 20 decimal places, half-up rounding), exact on
 * bigint. "Half-up" rounds a tie away from zero (1.5 → 2, -1.5 → -2), the meaning it has in
 * bignumber.js and big.js (ROUND_HALF_UP), which the wallet ecosystem's figures are computed with.
 */
// ox's `Value.format` is viem's `formatUnits` from the library viem is built on; see validation/evmAddress.ts for why.
import { format as formatUnits } from 'ox/Value'
import { assertPlaces, decimalToString, toDecimal, type Decimal, type DecimalInput } from './decimal'

/** Decimal places kept by big-number operations unless told otherwise (SPEC §9). */
export const BIG_NUMBER_DECIMALS = 20

/**
 * Round an exact `Decimal` to at most `places` fraction digits, ties away from zero.
 *
 * ```ts
 * roundDecimal({ units: 125n, scale: 2 }, 1) // { units: 13n, scale: 1 }
 * ```
 */
export function roundDecimal(decimal: Decimal, places: number = BIG_NUMBER_DECIMALS): Decimal {
  assertPlaces(places)
  if (decimal.scale <= places) return decimal
  const divisor = 10n ** BigInt(decimal.scale - places)
  const magnitude = decimal.units < 0n ? -decimal.units : decimal.units
  const rounded = magnitude / divisor + (2n * (magnitude % divisor) >= divisor ? 1n : 0n)
  return { units: decimal.units < 0n ? -rounded : rounded, scale: places }
}

/**
 * Round a decimal to at most `places` fraction digits (default 20), ties away from zero, and write
 * it in plain notation without trailing zeros. Exact for any size: no float is involved.
 *
 * ```ts
 * roundHalfUp('1.005', 2) // '1.01'
 * roundHalfUp('-2.5', 0) // '-3'
 * roundHalfUp('0.1000000000000000000049') // '0.1' (20 places)
 * ```
 */
export function roundHalfUp(value: DecimalInput, places: number = BIG_NUMBER_DECIMALS): string {
  return decimalToString(roundDecimal(toDecimal(value), places))
}

/**
 * Write a decimal with exactly `decimals` fraction digits (default 20), rounding ties away from
 * zero, without grouping: the machine-readable counterpart of `formatNumber`.
 *
 * ```ts
 * formatBigDecimal('1234.5', 2) // '1234.50'
 * formatBigDecimal(12345678901234567890123n, 2) // '12345678901234567890123.00'
 * formatBigDecimal('-0.004', 2) // '0.00'
 * ```
 */
export function formatBigDecimal(value: DecimalInput, decimals: number = BIG_NUMBER_DECIMALS): string {
  return decimalToString(roundDecimal(toDecimal(value), decimals), decimals)
}

/**
 * Turn an integer amount in base units (wei, lamports, token units) into a decimal string with
 * viem's `formatUnits`, then round it half-up to at most `places` fraction digits (default 20).
 *
 * ```ts
 * formatUnitsRounded(1234567890000000000n, 18) // '1.23456789'
 * formatUnitsRounded(1555n, 3, 2) // '1.56'
 * formatUnitsRounded(-1n, 30) // '0' (below 20 places)
 * ```
 */
export function formatUnitsRounded(value: bigint, unitDecimals: number, places: number = BIG_NUMBER_DECIMALS): string {
  assertPlaces(unitDecimals)
  return roundHalfUp(formatUnits(value, unitDecimals), places)
}
