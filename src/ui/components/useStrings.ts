/** The strings table of the instance's locale. */
import { useAirlockState } from '../react/useAirlockState'
import { stringsFor } from '../strings/strings'
import type { Strings } from '../strings/en'

export function useStrings(): Strings {
  const locale = useAirlockState((state) => state.options.resolved?.locale ?? 'en')
  return stringsFor(locale)
}
