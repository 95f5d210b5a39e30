/** The page-side buttons' strings in a locale: English until the locale's table has arrived (./load.ts). */
import { enButtons, type ButtonStrings } from './buttons'
import { coreTable } from './tables'

/**
 * The buttons' strings for `locale` once its table has arrived (`loadLocale`), English until then
 * and when there is none; the same choice as the modal's `stringsFor`.
 *
 * ```ts
 * await loadLocale('de')
 * buttonStringsFor('de-AT').connectButton // 'Wallet verbinden'
 * ```
 */
export function buttonStringsFor(locale: string): ButtonStrings {
  return coreTable(locale) ?? enButtons
}
