/** The strings of a plugin, for its views: `t(key, values?)` in the visitor's locale. */
import { useMemo, useSyncExternalStore } from 'react'
import { fill } from '../strings/fill'
import { moduleString } from '../strings/moduleString'
import { tablesChanged, tablesVersion } from '../strings/tables'
import { useAirlock } from './context'
import { useAirlockState } from './useAirlockState'
import { selectLocale } from '../components/useLocale'

export { selectLocale }

/**
 * A plugin's strings: `t(key, values?)` gives the text of `key` in the visitor's locale, English
 * when the locale lacks it (or while the plugin's table of the locale is being fetched: it
 * re-renders when it arrives), and fills `{placeholders}`. A key English lacks shows as the key (a
 * test over the code keeps that from shipping).
 *
 * ```tsx
 * const t = useModuleStrings('signMessage')
 * <p>{t('verified')}</p>
 * ```
 */
export function useModuleStrings(moduleId: string): (key: string, values?: Readonly<Record<string, string | number>>) => string {
  const airlock = useAirlock()
  const locale = useAirlockState(selectLocale)
  // A plugin's strings arrive with its module: look again when plugins load or unload.
  const contributions = useAirlockState((state) => state.contributions.modules)
  const module = useMemo(() => airlock._internal.modules().find((m) => m.id === moduleId), [airlock, moduleId, contributions])
  // The plugin's table of the locale is a chunk the modal's useStrings fetches: draw again when it arrives.
  const tables = useSyncExternalStore(tablesChanged, tablesVersion, tablesVersion)
  return useMemo(
    () =>
      (key, values = {}) =>
        fill(moduleString(module, locale, key) ?? key, values),
    [module, locale, tables],
  )
}
