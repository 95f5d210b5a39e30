/**
 * Every strings key the code reads exists in English (issue 11 §1 Strings). The code is scanned
 * for the ways it reads strings: `strings.<key>` where `useStrings()` gives the core table,
 * `t('<key>')` where `const t = useModuleStrings('<id>')` gives a plugin's, and banner keys
 * (`{ variant, key: '<key>' }`, `notify('<variant>', { key: '<key>' })`). A plugin's labels and
 * view titles are checked by loading its module, as the plugin host checks them.
 */
import { describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { en } from './en'
import de from './locales/de'
import { contributionsOf } from '../../kernel/contributions'
import type { AnyModule, ModuleStrings } from '../../kernel/module'
import { CORE_VIEWS } from '../../core/router/views'
import { STORE_FIELDS } from '../../events/shapes/storeFields'
import { resolveString } from './moduleStrings'

const ROOTS = ['src', 'examples']

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

const files = ROOTS.flatMap(sources).map((path) => ({ path, text: readFileSync(path, 'utf8') }))

/** The plugins' modules: the built-in ones and the examples. */
async function pluginModules(): Promise<AnyModule[]> {
  const paths = [
    ...readdirSync('src/plugins')
      .filter((name) => statSync(join('src/plugins', name)).isDirectory())
      .map((name) => `../../plugins/${name}/index`),
    // The example plugins (a folder with a manifest); the other examples are sites, not plugins.
    ...readdirSync('examples')
      .filter((name) => existsSync(join('examples', name, 'manifest.ts')))
      .map((name) => `../../../examples/${name}/index`),
  ]
  return Promise.all(paths.map(async (path) => ((await import(/* @vite-ignore */ path)) as { default: AnyModule }).default))
}

const coreTable = en as unknown as Readonly<Record<string, unknown>>

function coreKeysRead(): { path: string; key: string }[] {
  return files
    .filter((f) => f.text.includes('useStrings()'))
    .flatMap((f) =>
      [...f.text.matchAll(/\bstrings\.(\w+)(?:\.(\w+))?/g)]
        // `strings.titles[view]` reads the title of the current view: every core view's is checked below.
        .filter((m) => m[1] !== 'titles' || m[2] !== undefined)
        // `strings.stores[store]` names a store of the wallet guide: every store it shows is checked below.
        .filter((m) => m[1] !== 'stores' || m[2] !== undefined)
        .map((m) => ({ path: f.path, key: m[1] === 'titles' ? `titles.${m[2]}` : (m[1] ?? '') })),
    )
}

function moduleKeysRead(): { path: string; module: string; key: string }[] {
  return files.flatMap((f) =>
    [...f.text.matchAll(/const (\w+) = useModuleStrings\('(\w+)'\)/g)].flatMap(([, name, module]) =>
      [...f.text.matchAll(new RegExp(`\\b${name}\\('([^']+)'`, 'g'))].map((m) => ({ path: f.path, module: module ?? '', key: m[1] ?? '' })),
    ),
  )
}

function bannerKeysRead(): { path: string; key: string }[] {
  const patterns = [/variant: '\w+',\s*key: '([\w.]+)'/g, /notify\('\w+',\s*\{\s*key: '([\w.]+)'/g]
  return files.flatMap((f) => patterns.flatMap((pattern) => [...f.text.matchAll(pattern)].map((m) => ({ path: f.path, key: m[1] ?? '' }))))
}

describe('strings keys used in code exist in English (issue 11 §1)', () => {
  it('core keys read through useStrings()', () => {
    const used = coreKeysRead()
    expect(used.length).toBeGreaterThan(40)
    const missing = used.filter(({ key }) => (key.startsWith('titles.') ? en.titles[key.slice(7)] === undefined : typeof coreTable[key] !== 'string'))
    expect(missing).toEqual([])
  })

  it('every store the wallet guide shows has its name in English and German (strings.stores)', () => {
    for (const store of STORE_FIELDS) {
      expect(typeof en.stores[store], store).toBe('string')
      expect(typeof de.stores[store], store).toBe('string')
    }
  })

  it('every core view has a title in every locale', () => {
    for (const view of CORE_VIEWS) {
      expect(en.titles[view], view).toBeDefined()
      expect(de.titles[view], view).toBeDefined()
    }
  })

  it("plugins' keys read through useModuleStrings(id)", async () => {
    const modules = await pluginModules()
    const used = moduleKeysRead()
    expect(used.map((u) => `${u.module}.${u.key}`)).toContain('signMessage.errors.rejected')
    const missing = used.filter(({ module, key }) => modules.find((m) => m.id === module)?.strings?.en[key] === undefined)
    expect(missing).toEqual([])
  })

  it('banner keys (core, or a plugin key under its id)', async () => {
    const modules = await pluginModules()
    const used = bannerKeysRead()
    expect(used.map((u) => u.key)).toEqual(expect.arrayContaining(['balanceUnavailable', 'walletError', 'addressCopied']))
    expect(used.filter(({ key }) => resolveString(key, 'en', modules) === undefined)).toEqual([])
  })

  it("every plugin's labels and view titles are in its English strings, as the host checks at load", async () => {
    for (const module of await pluginModules()) expect(() => contributionsOf(module, CORE_VIEWS), module.id).not.toThrow()
  })

  it("a plugin's other locales hold only English keys, with the same placeholders", async () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort()
    for (const module of await pluginModules()) {
      const { en: english, ...others }: ModuleStrings = module.strings ?? { en: {} }
      for (const [locale, entry] of Object.entries(others)) {
        // A table, or a loader of the plugin's own chunk (issue 28 §4).
        const table = typeof entry === 'function' ? (await entry()).default : entry
        for (const [key, text] of Object.entries(table)) {
          expect(english[key], `${module.id} ${locale} ${key}`).toBeDefined()
          expect(placeholders(text), `${module.id} ${locale} ${key}`).toEqual(placeholders(english[key] ?? ''))
        }
      }
    }
  })

  it('SPEC §8 user-facing words stay exact in English', () => {
    expect(en.balanceUnavailable).toBe('Token Balance Unavailable')
    expect(de.balanceUnavailable).not.toBe('')
  })
})
