/**
 * One string of a plugin, in a locale, English filling the gaps (see moduleStrings.ts for the rest).
 * A plugin gives a locale as a table or as a loader of its own chunk (`StringsLoader`,
 * `fr: () => import('./locales/fr')`): the built-in plugins give loaders, so their chunks carry
 * English alone; a third-party plugin may give either. ./load.ts's `loadModuleStrings` fetches a
 * loader's table.
 */
import type { AnyModule, StringsLoader, StringsTable } from '../../kernel/module'
import { matchLocale, tableOf } from './tables'

/** What a module gives for `locale` ('de-AT' → de, 'pt-PT' → pt-BR): a table, a loader, or nothing. */
export function localeEntry(strings: AnyModule['strings'], locale: string): StringsTable | StringsLoader | undefined {
  const tag = strings && matchLocale(locale, Object.keys(strings))
  return tag === undefined ? undefined : strings?.[tag]
}

/**
 * One string of a module: its text in `locale`, else in English; undefined when English lacks it too.
 *
 * ```ts
 * moduleString(send, 'de', 'title') // 'Senden' (or the English 'Send' when German lacks it or is not in yet)
 * ```
 */
export function moduleString(module: Pick<AnyModule, 'strings'> | undefined, locale: string, key: string): string | undefined {
  const strings = module?.strings
  const entry = localeEntry(strings, locale)
  const table = typeof entry === 'function' ? tableOf<StringsTable>(entry) : entry
  return table?.[key] ?? strings?.en[key]
}
