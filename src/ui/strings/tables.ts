/**
 * The strings tables fetched so far (issue 28 §4), and which locale serves which. React-free and
 * small: the page's first load holds it (the page-side buttons and `useModuleStrings` read it);
 * the fetching is ./load.ts, a chunk of its own. English is built in and never stored here.
 */
import type { Strings } from './en'

/** The locales Airlock ships strings for, English first (./load.ts has a chunk for each other). */
export const LOCALES: readonly string[] = ['en', 'de', 'es', 'fr', 'pt-BR', 'ja']

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
  for (const test of [(tag: string) => tag === wanted, (tag: string) => tag === language, (tag: string) => tag.split('-')[0] === language]) {
    const found = available.find((tag) => test(tag.toLowerCase()))
    if (found !== undefined) return found
  }
  return undefined
}

/** Tables by what fetched them: a core locale's tag, or a plugin's loader function. Only ever added to. */
const tables = new Map<unknown, unknown>()
const listeners = new Set<() => void>()

/** Call `listener` whenever a table arrives; returns the unsubscribe (for useSyncExternalStore). */
export function tablesChanged(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** A number that changes whenever a table arrives (useSyncExternalStore's snapshot): how many have. */
export const tablesVersion = (): number => tables.size

/** The table stored under `key`, once it has arrived. */
export const tableOf = <T>(key: unknown): T | undefined => tables.get(key) as T | undefined

/** Store a table that has arrived, and tell the listeners. */
export function setTable(key: unknown, table: unknown): void {
  tables.set(key, table)
  for (const listener of [...listeners]) listener()
}

/** The core table of `locale` if it has arrived; undefined for English, a locale not shipped, or while loading. */
export const coreTable = (locale: string): Strings | undefined => tableOf(matchLocale(locale, LOCALES))
