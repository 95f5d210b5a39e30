/**
 * Fetching the strings tables other than English (issue 28 §4): a chunk of its own, so the
 * page's first load holds only ./tables.ts. English is built in; every other locale is a chunk
 * (the core's here, a plugin's in its own folder: `strings: { en, fr: () => import('./locales/fr') }`),
 * so an English page fetches none of them. Until a table is in, or when its fetch fails (a console
 * warning), English shows.
 */
import type { AnyModule } from '../../kernel/module'
import type { Strings } from './en'
import { LOCALES, matchLocale, setTable, tableOf } from './tables'
import { localeEntry } from './moduleString'

/** A table fetched on demand: a dynamic import whose default export is the table. */
export type TableLoader<T = unknown> = () => Promise<{ readonly default: T }>

/** The core's tables, each a chunk (the page-side buttons' six strings with the modal's), one per LOCALES but English. */
export const CORE: Readonly<Record<string, TableLoader<Strings>>> = {
  de: () => import('./locales/de'),
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  'pt-BR': () => import('./locales/pt-BR'),
  ja: () => import('./locales/ja'),
}

const pending = new Map<unknown, Promise<void>>()

/**
 * Fetch a table once, stored under `key` (a second call shares the first's promise). Never
 * rejects: a failed fetch warns on the console, English stays, and the next call tries again.
 */
export function loadTable(key: unknown, loader: TableLoader, what: string): Promise<void> {
  if (tableOf(key) !== undefined) return Promise.resolve()
  let loading = pending.get(key)
  if (!loading) {
    loading = loader().then(
      (module) => setTable(key, module.default),
      (error: unknown) => {
        pending.delete(key)
        console.warn(`Airlock: the ${what} strings could not be loaded; showing English.`, error)
      },
    )
    pending.set(key, loading)
  }
  return loading
}

/**
 * Start fetching the core table of `locale` (nothing for English or a locale not shipped);
 * resolves when it is in or failed.
 *
 * ```ts
 * await loadLocale('ja')
 * stringsFor('ja').close // '閉じる'
 * ```
 */
export function loadLocale(locale: string): Promise<void> {
  const tag = matchLocale(locale, LOCALES) ?? 'en'
  const loader = CORE[tag]
  return loader ? loadTable(tag, loader, `"${locale}"`) : Promise.resolve()
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
      return typeof entry === 'function' ? loadTable(entry, entry, `${module.id ?? 'plugin'} "${locale}"`) : undefined
    }),
  ).then(() => undefined)
}
