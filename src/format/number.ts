/**
 * Numbers for people to read (SPEC §9: 2 decimals, en-US unless the visitor's locale is given;
 * transaction amounts with 3 decimals), amounts and fiat values alike. The value is rounded exactly
 * on bigint first and handed to `Intl.NumberFormat` as a decimal string, so the locale supplies
 * only separators (and the currency's sign) and huge balances keep every digit.
 */
import { formatBigDecimal } from './bigNumber'
import { assertPlaces, toDecimal, type DecimalInput } from './decimal'

/** Decimal places for ordinary numbers (SPEC §9). */
export const NUMBER_DECIMALS = 2

/** Decimal places for transaction amounts (SPEC §9). */
export const TRANSACTION_AMOUNT_DECIMALS = 3

/** The locale numbers are formatted in unless the UI passes the user's (SPEC §9). */
export const DEFAULT_NUMBER_LOCALE = 'en-US'

/** Options of `formatAmount` and `formatFiat`. */
export interface FormatNumberOptions {
  /** Fraction digits shown, always exactly this many; 0 to 20. Default 2. */
  readonly decimals?: number
  /** A BCP 47 locale for separators: the instance's locale in the UI. Default 'en-US'; one Intl refuses falls back to it. */
  readonly locale?: string
}

// Intl.NumberFormat allows 100 fraction digits since ES2023, but engines of 2023 (Node 20, Safari 16)
// stop at 20, and no display needs more.
const MAX_DISPLAY_DECIMALS = 20

// Building an Intl.NumberFormat costs far more than using one, and lists format many numbers.
const formatters = new Map<string, Intl.NumberFormat>()

/**
 * Format an amount for display with exactly `decimals` fraction digits (default 2), rounded half-up
 * (ties away from zero), grouped for `locale` (default en-US). Accepts numbers, bigints and decimal
 * strings of any size; throws an `AirlockError` for NaN, infinities and malformed strings, since
 * showing "NaN" to a user hides a bug.
 *
 * ```ts
 * formatAmount(1234.5) // '1,234.50'
 * formatAmount('-1.005') // '-1.01'
 * formatAmount('10000', { locale: 'de' }) // '10.000,00'
 * formatAmount(10n ** 30n, { decimals: 0 }) // '1,000,000,000,000,000,000,000,000,000,000'
 * ```
 */
export function formatAmount(value: DecimalInput, options: FormatNumberOptions = {}): string {
  return format(value, options)
}

/** `formatAmount`'s former name, kept for the code that calls it so. */
export const formatNumber = formatAmount

/**
 * Format a fiat value in `currency` (an ISO 4217 code, default USD) for `locale`: the currency's
 * sign where the locale writes it, 2 decimals (or `decimals`), exact as `formatAmount`.
 *
 * ```ts
 * formatFiat('1234.56') // '$1,234.56'
 * formatFiat('1234.56', 'USD', { locale: 'de' }) // '1.234,56 $'
 * formatFiat(12, 'EUR', { locale: 'de' }) // '12,00 €'
 * ```
 */
export function formatFiat(value: DecimalInput, currency = 'USD', options: FormatNumberOptions = {}): string {
  return format(value, options, currency)
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
  return formatAmount(value, { decimals: TRANSACTION_AMOUNT_DECIMALS, locale })
}

/**
 * Format an amount with the fraction digits it is written with (up to 20, rounded half-up beyond),
 * for what is shown as it will be sent or as a provider gave it, grouped for `locale` as
 * `formatAmount`.
 *
 * ```ts
 * formatExactAmount('1234.5', 'de') // '1.234,5'
 * formatExactAmount('100.00') // '100.00'
 * formatExactAmount('2') // '2'
 * ```
 */
export function formatExactAmount(value: DecimalInput, locale: string = DEFAULT_NUMBER_LOCALE): string {
  return formatAmount(value, { decimals: Math.min(toDecimal(value).scale, MAX_DISPLAY_DECIMALS), locale })
}

function format(value: DecimalInput, options: FormatNumberOptions, currency?: string): string {
  const { decimals = NUMBER_DECIMALS, locale = DEFAULT_NUMBER_LOCALE } = options
  assertPlaces(decimals, MAX_DISPLAY_DECIMALS)
  // The fixed string is already rounded, so Intl only groups it and cannot round it a second time.
  const fixed = formatBigDecimal(value, decimals) as Intl.StringNumericLiteral
  return formatter(locale, decimals, currency).format(fixed)
}

/** One formatter per locale, decimals and currency; a locale Intl refuses (the option takes any string) reads as en-US, a bad currency code still throws. */
function formatter(locale: string, decimals: number, currency: string | undefined): Intl.NumberFormat {
  const key = `${locale}|${decimals}|${currency ?? ''}`
  let cached = formatters.get(key)
  if (cached === undefined) {
    const options: Intl.NumberFormatOptions = {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      ...(currency && { style: 'currency', currency }),
    }
    try {
      cached = new Intl.NumberFormat(locale, options)
    } catch (error) {
      if (locale === DEFAULT_NUMBER_LOCALE || !(error instanceof RangeError)) throw error
      cached = formatter(DEFAULT_NUMBER_LOCALE, decimals, currency)
    }
    formatters.set(key, cached)
  }
  return cached
}
