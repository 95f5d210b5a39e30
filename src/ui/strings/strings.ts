/** Pick the strings table for a locale, and fill `{placeholders}`. */
import { en, type Strings } from './en'
import { de } from './de'

export { fill } from './fill'

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

export const LOCALES = Object.keys(tables)
