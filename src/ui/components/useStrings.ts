/** The instance's locale and the strings table of it. */
import { useEffect, useSyncExternalStore } from 'react'
import { stringsFor } from '../strings/strings'
import type { Strings } from '../strings/en'
import { loadLocale, loadModuleStrings } from '../strings/load'
import { tablesChanged, tablesVersion } from '../strings/tables'
import { useAirlock } from '../react/context'
import { useAirlockState } from '../react/useAirlockState'
import { useLocale } from './useLocale'

export { selectLocale, useLocale } from './useLocale'

const selectModules = (state: { readonly contributions: { readonly modules: unknown } }): unknown => state.contributions.modules

/**
 * The core strings table in the instance's locale, English while it loads (issue 28 §4). It
 * re-renders when a table arrives, and starts fetching the locale's tables: the core's and those
 * of the plugins loaded so far (again when plugins load), so a plugin's labels and views show in
 * the locale when first drawn. The modal's dialog reads it when it is drawn, closed, at idle.
 */
export function useStrings(): Strings {
  const locale = useLocale()
  const airlock = useAirlock()
  const modules = useAirlockState(selectModules)
  useSyncExternalStore(tablesChanged, tablesVersion, tablesVersion)
  useEffect(() => {
    void loadLocale(locale)
    void loadModuleStrings(airlock._internal.modules(), locale)
  }, [airlock, locale, modules])
  return stringsFor(locale)
}
