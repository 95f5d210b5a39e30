/** Pick the strings table for a locale, and fill `{placeholders}`. */
import { en, type Strings } from './en'
import { coreTable } from './load'

export { fill } from './fill'
export { LOCALES, loadLocale, matchLocale } from './load'

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
