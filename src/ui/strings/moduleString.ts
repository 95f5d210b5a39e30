/** One string of a plugin, in a locale, English filling the gaps (see moduleStrings.ts for the rest). */
import type { AnyModule, StringsTable } from '../../kernel/module'

/** The table of `locale` in a module's strings ('de-AT' → de), if it has one. */
function localeTable(strings: AnyModule['strings'], locale: string): StringsTable | undefined {
  if (!strings) return undefined
  return strings[locale] ?? strings[locale.split('-')[0] ?? '']
}

/**
 * One string of a module: its text in `locale`, else in English; undefined when English lacks it too.
 *
 * ```ts
 * moduleString(send, 'de', 'title') // 'Senden' (or the English 'Send' when German lacks it)
 * ```
 */
export function moduleString(module: Pick<AnyModule, 'strings'> | undefined, locale: string, key: string): string | undefined {
  const strings = module?.strings
  return localeTable(strings, locale)?.[key] ?? strings?.en[key]
}
