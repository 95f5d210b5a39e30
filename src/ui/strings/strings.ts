/** Pick the strings table for a locale, and fill `{placeholders}`. */
import { en, type Strings } from './en'
import { coreTable } from './tables'

export { fill } from './fill'
export { LOCALES, matchLocale } from './tables'
export { loadLocale } from './load'

/**
 * The table for `locale` ('de', 'de-AT' → de, 'pt-PT' → pt-BR) once `loadLocale` has fetched it;
 * English until then, and for a locale Airlock does not ship.
 *
 * ```ts
 * await loadLocale('de')
 * stringsFor('de').close // 'Schließen'
 * ```
 */
export function stringsFor(locale: string): Strings {
  return coreTable(locale) ?? en
}
