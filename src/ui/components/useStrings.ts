/** The instance's locale and the strings table of it. */
import { useAirlockState } from '../react/useAirlockState'
import { stringsFor } from '../strings/strings'
import type { Strings } from '../strings/en'

/** The instance's locale (SPEC §3 options, `setLocale`; English by default). `useAirlockState(selectLocale) // 'de'` */
export const selectLocale = (state: { readonly options: { readonly resolved: { readonly locale: string } | null } }): string =>
  state.options.resolved?.locale ?? 'en'

/** The instance's locale, for numbers and dates: `formatAmount(value, { locale: useLocale() })`. */
export function useLocale(): string {
  return useAirlockState(selectLocale)
}

export function useStrings(): Strings {
  return stringsFor(useLocale())
}
