/**
 * Relative time ("5 minutes ago"), with the thresholds of SPEC §9. The unit and count are computed
 * here and the words left to `Intl.RelativeTimeFormat`, so the UI can show any locale.
 */
import { AirlockError } from 'airlock/plugin'

/** The units relative time is shown in; there are no weeks, as SPEC §9 has none. */
export type RelativeTimeUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year'

/** How long ago (or ahead) something is, as one unit and a whole, non-negative count. */
export interface RelativeTime {
  readonly unit: RelativeTimeUnit
  readonly value: number
}

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
// The mean Gregorian month, so twelve months make a mean year and no drift builds up over years.
const MONTH = (365.2425 / 12) * DAY

/**
 * Choose the unit and count for an elapsed time in milliseconds (its sign is ignored). Each count is
 * the elapsed time rounded to its unit, and SPEC §9's thresholds pick the unit: seconds up to 44; a
 * minute up to 89 seconds; minutes up to 44; an hour up to 89 minutes; hours up to 21; a day up to
 * 35 hours; days up to 25; a month up to 45 days; months up to 10; a year up to 17 months; then
 * years. Throws an `AirlockError` for NaN and infinities.
 *
 * ```ts
 * relativeTime(44_000) // { unit: 'second', value: 44 }
 * relativeTime(45_000) // { unit: 'minute', value: 1 }
 * relativeTime(5 * 60_000) // { unit: 'minute', value: 5 }
 * relativeTime(36 * 3_600_000) // { unit: 'day', value: 2 }
 * ```
 */
export function relativeTime(elapsedMs: number): RelativeTime {
  if (!Number.isFinite(elapsedMs)) throw new AirlockError('Invalid elapsed time', { details: `${elapsedMs} is not a finite number` })
  const ms = Math.abs(elapsedMs)
  const seconds = Math.round(ms / SECOND)
  if (seconds <= 44) return { unit: 'second', value: seconds }
  if (seconds <= 89) return { unit: 'minute', value: 1 }
  const minutes = Math.round(ms / MINUTE)
  if (minutes <= 44) return { unit: 'minute', value: minutes }
  if (minutes <= 89) return { unit: 'hour', value: 1 }
  const hours = Math.round(ms / HOUR)
  if (hours <= 21) return { unit: 'hour', value: hours }
  if (hours <= 35) return { unit: 'day', value: 1 }
  const days = Math.round(ms / DAY)
  if (days <= 25) return { unit: 'day', value: days }
  if (days <= 45) return { unit: 'month', value: 1 }
  const months = Math.round(ms / MONTH)
  if (months <= 10) return { unit: 'month', value: months }
  if (months <= 17) return { unit: 'year', value: 1 }
  return { unit: 'year', value: Math.round(months / 12) }
}

/**
 * Say how long ago (or how far ahead) `timestamp` is from `now`, both in epoch milliseconds, in
 * `locale` (default en-US) through `Intl.RelativeTimeFormat`. Counts are always numeric ("1 day
 * ago", not "yesterday"), because a day here means 22 to 35 hours, not the previous calendar day.
 *
 * ```ts
 * formatRelativeTime(now - 5 * 60_000, now) // '5 minutes ago'
 * formatRelativeTime(now + 2 * 3_600_000, now) // 'in 2 hours'
 * formatRelativeTime(now - 3_600_000, now, 'fr') // 'il y a 1 heure'
 * ```
 */
export function formatRelativeTime(timestamp: number, now: number, locale = 'en-US'): string {
  const elapsed = now - timestamp
  const { unit, value } = relativeTime(elapsed)
  // Intl reads a negative count as the past; a zero count is written as "0 seconds ago" for the past too.
  return formatterFor(locale).format(elapsed >= 0 ? -value : value, unit)
}

/** One formatter per locale: making one is costly, and a list formats a time per row per frame. */
const formatters = new Map<string, Intl.RelativeTimeFormat>()
function formatterFor(locale: string): Intl.RelativeTimeFormat {
  let formatter = formatters.get(locale)
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })
    formatters.set(locale, formatter)
  }
  return formatter
}
