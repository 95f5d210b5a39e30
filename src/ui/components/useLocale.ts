/** The instance's locale, and the page-side buttons' strings in it (no strings table of the modal's: the page's first load holds this). */
import { useEffect, useSyncExternalStore } from 'react'
import { useAirlockState } from '../react/useAirlockState'
import type { ButtonStrings } from '../strings/buttons'
import { buttonStringsFor } from '../strings/buttonsFor'
import { LOCALES, matchLocale, tablesChanged, tablesVersion } from '../strings/tables'

/** The instance's locale (SPEC §3 options, `setLocale`; English by default). `useAirlockState(selectLocale) // 'de'` */
export const selectLocale = (state: { readonly options: { readonly resolved: { readonly locale: string } | null } }): string =>
  state.options.resolved?.locale ?? 'en'

/** The instance's locale, for numbers and dates: `formatAmount(value, { locale: useLocale() })`. */
export function useLocale(): string {
  return useAirlockState(selectLocale)
}

/**
 * The page-side buttons' strings in the instance's locale (../strings/buttons.ts): English until
 * the locale's table arrives. The buttons' first render starts fetching it (the modal's table with
 * it) through ../strings/load.ts, a chunk of its own (the page's first load holds none of it), so a
 * page in another language has it before the first open (issue 28 §4). A failed fetch leaves
 * English (load.ts warns on the console).
 */
export function useButtonStrings(): ButtonStrings {
  const locale = useLocale()
  useSyncExternalStore(tablesChanged, tablesVersion, tablesVersion)
  useEffect(() => {
    if ((matchLocale(locale, LOCALES) ?? 'en') !== 'en') import('../strings/load').then((load) => load.loadLocale(locale)).catch(() => undefined)
  }, [locale])
  return buttonStringsFor(locale)
}
