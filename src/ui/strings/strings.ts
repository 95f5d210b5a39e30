/** Pick the strings table for a locale, and fill `{placeholders}`. */
import { en, type Strings } from './en'
import { de } from './de'

const tables: Readonly<Record<string, Strings>> = { en, de }

/**
 * The table for `locale` ('de', 'de-AT' → de), English when there is none.
 *
 * ```ts
 * stringsFor('de').close // 'Schließen'
 * ```
 */
export function stringsFor(locale: string): Strings {
  return tables[locale] ?? tables[locale.split('-')[0] ?? ''] ?? en
}

/**
 * Replace `{name}` placeholders; unknown ones stay as they are, so a missing value is visible.
 *
 * ```ts
 * fill('{count} wallets', { count: 40 }) // '40 wallets'
 * ```
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match))
}

export const LOCALES = Object.keys(tables)
