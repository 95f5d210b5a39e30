/** The instance's locale, and the page-side buttons' strings in it (no strings table of the modal's: the page's first load holds this). */
import { useAirlockState } from '../react/useAirlockState'
import { buttonStringsFor, type ButtonStrings } from '../strings/buttons'

/** The instance's locale (SPEC §3 options, `setLocale`; English by default). `useAirlockState(selectLocale) // 'de'` */
export const selectLocale = (state: { readonly options: { readonly resolved: { readonly locale: string } | null } }): string =>
  state.options.resolved?.locale ?? 'en'

/** The instance's locale, for numbers and dates: `formatAmount(value, { locale: useLocale() })`. */
export function useLocale(): string {
  return useAirlockState(selectLocale)
}

/** The page-side buttons' strings in the instance's locale (../strings/buttons.ts). */
export function useButtonStrings(): ButtonStrings {
  return buttonStringsFor(useLocale())
}
