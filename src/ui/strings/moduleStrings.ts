/**
 * Strings keys as shared places (the banner) read them: the core's, and each plugin's under its
 * module id as prefix (`send.title`), a key missing from a locale falling back to English, key by
 * key. React-free, so it is tested without a browser.
 */
import type { AnyModule } from '../../kernel/module'
import { en, type Strings } from './en'
import { fill, stringsFor } from './strings'
import { moduleString } from './moduleString'

/** The core strings table, flat: `titles.Connect` for nested entries. */
function coreString(table: Strings, key: string): string | undefined {
  const direct = (table as unknown as Readonly<Record<string, unknown>>)[key]
  if (typeof direct === 'string') return direct
  const dot = key.indexOf('.')
  if (dot < 0) return undefined
  const group = (table as unknown as Readonly<Record<string, unknown>>)[key.slice(0, dot)]
  const nested = typeof group === 'object' && group !== null ? (group as Readonly<Record<string, unknown>>)[key.slice(dot + 1)] : undefined
  return typeof nested === 'string' ? nested : undefined
}

/**
 * The text of a strings key as the banner and other shared places use it: a core key
 * (`balanceUnavailable`), else a module key prefixed with its id (`send.sent`), its placeholders
 * filled. Undefined when no table has it (the key-scan test keeps that from happening).
 *
 * ```ts
 * resolveString('balanceUnavailable', 'en', []) // 'Token Balance Unavailable'
 * resolveString('send.sent', 'de', [send], { amount: 1 }) // '1 gesendet'
 * ```
 */
export function resolveString(
  key: string,
  locale: string,
  modules: readonly Pick<AnyModule, 'id' | 'strings'>[],
  values: Readonly<Record<string, string | number>> = {},
): string | undefined {
  const core = coreString(stringsFor(locale), key) ?? coreString(en, key)
  if (core !== undefined) return fill(core, values)
  const dot = key.indexOf('.')
  if (dot < 0) return undefined
  const module = modules.find((m) => m.id === key.slice(0, dot))
  const text = moduleString(module, locale, key.slice(dot + 1))
  return text === undefined ? undefined : fill(text, values)
}
