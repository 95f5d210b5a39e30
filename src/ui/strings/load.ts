/**
 * Strings tables other than English, fetched when a locale asks for them (issue 28 §4). English is
 * built in; every other locale is a chunk of its own (the core's here, a plugin's in its own folder,
 * `strings: { en, fr: () => import('./locales/fr') }`), so an English page fetches none of them.
 * React-free: the hooks (useStrings, useButtonStrings, useModuleStrings) subscribe to `tablesChanged`
 * and start the loads; until a table is in, or when its fetch fails (a console warning), English shows.
 */
import type { Strings } from './en'

/** A table fetched on demand: a dynamic import whose default export is the table. */
export type TableLoader<T = unknown> = () => Promise<{ readonly default: T }>

/**
 * The core's tables, each a chunk (its buttons' six strings with the modal's). Reading of this file:
 * a locale here is complete (every English key; the key test in ./locales.test.ts proves it).
 */
const CORE: Readonly<Record<string, TableLoader<Strings>>> = {
  de: () => import('./locales/de'),
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  'pt-BR': () => import('./locales/pt-BR'),
  ja: () => import('./locales/ja'),
}

/** The locales Airlock ships strings for, English first. */
export const LOCALES: readonly string[] = ['en', ...Object.keys(CORE)]

/**
 * The tag of `available` that serves `locale`: the same tag ('pt-BR'), else its language alone
 * ('de-AT' → 'de'), else another region of its language ('pt' and 'pt-PT' → 'pt-BR': a Portuguese
 * reader is better served by Brazilian Portuguese than by English). Case and `_` are forgiven.
 *
 * ```ts
 * matchLocale('pt-PT', ['en', 'pt-BR']) // 'pt-BR'
 * matchLocale('xx', ['en', 'de']) // undefined
 * ```
 */
export function matchLocale(locale: string, available: readonly string[]): string | undefined {
  const wanted = locale.replace(/_/g, '-').toLowerCase()
  const language = wanted.split('-')[0]
  const lower = available.map((tag) => tag.toLowerCase())
  const at = [lower.indexOf(wanted), lower.indexOf(language ?? ''), lower.findIndex((tag) => tag.split('-')[0] === language)].find((i) => i >= 0)
  return at === undefined ? undefined : available[at]
}

const loaded = new WeakMap<TableLoader, unknown>()
const pending = new WeakMap<TableLoader, Promise<void>>()
const listeners = new Set<() => void>()
let version = 0

/** Call `listener` whenever a table arrives; returns the unsubscribe (for useSyncExternalStore). */
export function tablesChanged(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** A number that changes whenever a table arrives (useSyncExternalStore's snapshot). */
export const tablesVersion = (): number => version

/** The table `loader` gave, once it has arrived. */
export function loadedTable<T>(loader: TableLoader<T>): T | undefined {
  return loaded.get(loader) as T | undefined
}

/**
 * Fetch a table once (a second call shares the first's promise). Never rejects: a failed fetch
 * warns on the console, English stays, and the next call tries again.
 */
export function loadTable(loader: TableLoader, what: string): Promise<void> {
  if (loaded.has(loader)) return Promise.resolve()
  let loading = pending.get(loader)
  if (!loading) {
    loading = loader().then(
      (module) => {
        loaded.set(loader, module.default)
        version += 1
        for (const listener of [...listeners]) listener()
      },
      (error: unknown) => {
        pending.delete(loader)
        console.warn(`Airlock: the ${what} strings could not be loaded; showing English.`, error)
      },
    )
    pending.set(loader, loading)
  }
  return loading
}

/** The core's loader for `locale`, none for English or a locale Airlock does not ship. */
function coreLoader(locale: string): TableLoader<Strings> | undefined {
  const tag = matchLocale(locale, LOCALES)
  return tag === undefined ? undefined : CORE[tag]
}

/**
 * Start fetching the core table of `locale` (nothing for English); resolves when it is in or failed.
 *
 * ```ts
 * await loadLocale('ja')
 * coreTable('ja')?.close // '閉じる'
 * ```
 */
export function loadLocale(locale: string): Promise<void> {
  const loader = coreLoader(locale)
  return loader ? loadTable(loader, `"${locale}"`) : Promise.resolve()
}

/** The core table of `locale` if it has arrived; undefined for English, an unknown locale, or while loading. */
export function coreTable(locale: string): Strings | undefined {
  const loader = coreLoader(locale)
  return loader && loadedTable(loader)
}
