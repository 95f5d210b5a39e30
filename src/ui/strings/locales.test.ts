/**
 * Issue 28 §4: six complete locales. Every key of English, the core's and every built-in plugin's,
 * is in each locale (and no other key), each text non-empty with the same `{placeholders}` as
 * English's; each table fetched as a page fetches it (the core's through loadLocale, a plugin's
 * through its own loader).
 */
import { describe, expect, it } from 'vitest'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { en } from './en'
import { LOCALES, loadLocale, stringsFor } from './strings'
import { loadModuleStrings } from './load'
import { moduleString } from './moduleString'
import type { AnyModule, StringsTable } from '../../kernel/module'

/** A table flat: `titles.Connect` for a nested entry. */
const flat = (table: object): Readonly<Record<string, unknown>> =>
  Object.fromEntries(
    Object.entries(table).flatMap(([key, value]) =>
      typeof value === 'object' && value !== null ? Object.entries(value as object).map(([k, v]) => [`${key}.${k}`, v]) : [[key, value]],
    ),
  )

/** The placeholders of a text, each once, sorted: the same set must be in every translation. */
const placeholders = (text: unknown): string[] => [...new Set(String(text).match(/\{\w+\}/g) ?? [])].sort()

/** What is wrong with `table` against `english`: missing, extra, empty keys and placeholder mismatches. */
function problems(english: Readonly<Record<string, unknown>>, table: Readonly<Record<string, unknown>>): string[] {
  return [
    ...Object.keys(english)
      .filter((key) => !(key in table))
      .map((key) => `missing ${key}`),
    ...Object.keys(table)
      .filter((key) => !(key in english))
      .map((key) => `extra ${key}`),
    ...Object.entries(table)
      .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
      .map(([key]) => `empty ${key}`),
    ...Object.keys(english)
      .filter((key) => key in table && placeholders(english[key]).join() !== placeholders(table[key]).join())
      .map((key) => `placeholders of ${key}: ${placeholders(table[key]).join()} (English ${placeholders(english[key]).join()})`),
  ]
}

const PLUGINS = readdirSync('src/plugins').filter((name) => statSync(join('src/plugins', name)).isDirectory())
const OTHERS = LOCALES.filter((locale) => locale !== 'en')

async function builtInPlugins(): Promise<AnyModule[]> {
  return Promise.all(PLUGINS.map(async (name) => ((await import(/* @vite-ignore */ `../../plugins/${name}/index`)) as { default: AnyModule }).default))
}

describe('six complete locales (issue 28 §4)', () => {
  it('ships en, de, es, fr, pt-BR and ja', () => {
    expect([...LOCALES].sort()).toEqual(['de', 'en', 'es', 'fr', 'ja', 'pt-BR'])
  })

  for (const locale of OTHERS) {
    it(`the core table of ${locale}: every English key, no other, same placeholders`, async () => {
      await loadLocale(locale)
      const table = stringsFor(locale)
      expect(table).not.toBe(en)
      expect(problems(flat(en), flat(table))).toEqual([])
      // Not English copied over: most texts differ (brand names and the like may not).
      const same = Object.entries(flat(table)).filter(([key, text]) => flat(en)[key] === text)
      expect(same.length, same.map(([key]) => key).join()).toBeLessThan(Object.keys(flat(en)).length / 5)
    })
  }

  it('every built-in plugin with strings gives each locale, as a loader of its own chunk (its module carries English alone)', async () => {
    const modules = (await builtInPlugins()).filter((module) => module.strings !== undefined)
    expect(modules.length).toBeGreaterThanOrEqual(12)
    for (const module of modules) {
      expect(Object.keys(module.strings ?? {}).sort(), module.id).toEqual([...LOCALES].sort())
      for (const locale of OTHERS) expect(typeof module.strings?.[locale], `${module.id} ${locale}`).toBe('function')
    }
  })

  for (const locale of OTHERS) {
    it(`every built-in plugin's table of ${locale}: every English key, no other, same placeholders`, async () => {
      const modules = (await builtInPlugins()).filter((module) => module.strings !== undefined)
      await loadModuleStrings(modules, locale)
      for (const module of modules) {
        const english = module.strings?.en ?? {}
        const table: StringsTable = Object.fromEntries(Object.keys(english).map((key) => [key, moduleString(module, locale, key) ?? '']))
        const loader = module.strings?.[locale]
        const loaded = typeof loader === 'function' ? (await loader()).default : loader
        expect(problems(english, loaded ?? {}), `${module.id} ${locale}`).toEqual([])
        // What the views read (moduleString) is the loaded table, not the English fallback.
        expect(table, `${module.id} ${locale}`).toEqual(loaded)
      }
    })
  }
})
