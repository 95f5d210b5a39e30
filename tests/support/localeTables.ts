/**
 * Fetch the strings tables of `locale` a page in that locale fetches (issue 28 §4: every table but
 * English is a chunk of its own): the core's and those of the plugins loaded so far. Tests that
 * render in another locale call it once the plugins they render are loaded; without it they would
 * see English.
 */
import type { AirlockInstance } from '../../src/index'
import { loadLocale, loadModuleStrings } from '../../src/ui/strings/load'

export async function localeTables(airlock: AirlockInstance, locale: string): Promise<void> {
  await loadLocale(locale)
  await loadModuleStrings(airlock._internal.modules(), locale)
}
