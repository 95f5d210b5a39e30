/**
 * One string of a plugin, in a locale, English filling the gaps (see moduleStrings.ts for the rest).
 * A plugin gives a locale as a table or as a loader of its own chunk (`StringsLoader`,
 * `fr: () => import('./locales/fr')`): the built-in plugins give loaders, so their chunks carry
 * English alone; a third-party plugin may give either. `loadModuleStrings` fetches a loader's table.
 */
import type { AnyModule, StringsLoader, StringsTable } from '../../kernel/module'
import { loadedTable, loadTable, matchLocale } from './load'

type Strings = AnyModule['strings']

/** What a module gives for `locale` ('de-AT' → de, 'pt-PT' → pt-BR): a table, a loader, or nothing. */
function localeEntry(strings: Strings, locale: string): StringsTable | StringsLoader | undefined {
  if (!strings) return undefined
  const tag = matchLocale(locale, Object.keys(strings))
  return tag === undefined ? undefined : strings[tag]
}

/** The table of `locale` in a module's strings, if it has one and (for a loader) it has arrived. */
function localeTable(strings: Strings, locale: string): StringsTable | undefined {
  const entry = localeEntry(strings, locale)
  return typeof entry === 'function' ? loadedTable(entry) : entry
}

/**
 * Start fetching the table of `locale` of each module that gives it as a loader; resolves when
 * all are in (or failed: English stays, with a console warning).
 *
 * ```ts
 * await loadModuleStrings([send], 'fr')
 * moduleString(send, 'fr', 'title') // 'Envoyer'
 * ```
 */
export function loadModuleStrings(modules: readonly (Pick<AnyModule, 'strings'> & { readonly id?: string })[], locale: string): Promise<void> {
  return Promise.all(
    modules.map((module) => {
      const entry = localeEntry(module.strings, locale)
      return typeof entry === 'function' ? loadTable(entry, `${module.id ?? 'plugin'} "${locale}"`) : undefined
    }),
  ).then(() => undefined)
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
  return localeTable(strings, locale)?.[key] ?? strings?.en[key]
}
