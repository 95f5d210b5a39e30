/** The instance's locale and the strings table of it. */
import { stringsFor } from '../strings/strings'
import type { Strings } from '../strings/en'
import { useLocale } from './useLocale'

export { selectLocale, useLocale } from './useLocale'

export function useStrings(): Strings {
  return stringsFor(useLocale())
}
