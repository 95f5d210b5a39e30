/**
 * Numbers for people to read (SPEC §9: 2 decimals, en-US; transaction amounts with 3 decimals).
 * The value is rounded exactly on bigint first and handed to `Intl.NumberFormat` as a decimal
 * string, so the locale supplies only separators and huge balances keep every digit.
 */
import { formatBigDecimal } from './bigNumber'
import { assertPlaces, type DecimalInput } from './decimal'

/** Decimal places for ordinary numbers (SPEC §9). */
export const NUMBER_DECIMALS = 2

/** Decimal places for transaction amounts (SPEC §9). */
export const TRANSACTION_AMOUNT_DECIMALS = 3

/** The locale numbers are formatted in unless the UI passes the user's (SPEC §9). */
export const DEFAULT_NUMBER_LOCALE = 'en-US'

/** Options of `formatNumber`. */
export interface FormatNumberOptions {
  /** Fraction digits shown, always exactly this many; 0 to 20. Default 2. */
  readonly decimals?: number
  /** A BCP 47 locale for separators. Default 'en-US'. */
  readonly locale?: string
}

// Intl.NumberFormat allows 100 fraction digits since ES2023, but engines of 2023 (Node 20, Safari 16)
// stop at 20, and no display needs more.
const MAX_DISPLAY_DECIMALS = 20

// Building an Intl.NumberFormat costs far more than using one, and lists format many numbers.
const formatters = new Map<string, Intl.NumberFormat>()

/**
 * Format a number for display with exactly `decimals` fraction digits (default 2), rounded half-up
 * (ties away from zero), grouped for `locale` (default en-US). Accepts numbers, bigints and decimal
 * strings of any size; throws an `AirlockError` for NaN, infinities and malformed strings, since
 * showing "NaN" to a user hides a bug.
 *
 * ```ts
 * formatNumber(1234.5) // '1,234.50'
 * formatNumber('-1.005') // '-1.01'
 * formatNumber(1234.5, { locale: 'de-DE' }) // '1.234,50'
 * formatNumber(10n ** 30n, { decimals: 0 }) // '1,000,000,000,000,000,000,000,000,000,000'
 * ```
 */
export function formatNumber(value: DecimalInput, options: FormatNumberOptions = {}): string {
  const { decimals = NUMBER_DECIMALS, locale = DEFAULT_NUMBER_LOCALE } = options
  assertPlaces(decimals, MAX_DISPLAY_DECIMALS)
  // The fixed string is already rounded, so Intl only groups it and cannot round it a second time.
  const fixed = formatBigDecimal(value, decimals) as Intl.StringNumericLiteral
  return formatter(locale, decimals).format(fixed)
}

/**
 * Format a transaction amount with 3 decimals (SPEC §9), otherwise as `formatNumber`.
 *
 * ```ts
 * formatTransactionAmount('0.12345') // '0.123'
 * formatTransactionAmount(2, 'fr-FR') // '2,000'
 * ```
 */
export function formatTransactionAmount(value: DecimalInput, locale: string = DEFAULT_NUMBER_LOCALE): string {
  return formatNumber(value, { decimals: TRANSACTION_AMOUNT_DECIMALS, locale })
}

function formatter(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`
  let cached = formatters.get(key)
  if (cached === undefined) {
    cached = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    formatters.set(key, cached)
  }
  return cached
}
