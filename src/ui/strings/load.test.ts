/**
 * The locale loader (issue 28 §4): which table serves a locale, English until it arrives, one
 * fetch per table, and a failed fetch that leaves English with a console warning and is tried
 * again next time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadLocale, loadModuleStrings, loadTable } from './load'
import { matchLocale, tableOf, tablesChanged, tablesVersion } from './tables'
import { moduleString } from './moduleString'

afterEach(() => vi.restoreAllMocks())

describe('matchLocale', () => {
  const shipped = ['en', 'de', 'es', 'fr', 'pt-BR', 'ja']
  it('takes the same tag, else the language, else another region of the language', () => {
    expect(matchLocale('de', shipped)).toBe('de')
    expect(matchLocale('de-AT', shipped)).toBe('de')
    expect(matchLocale('en-GB', shipped)).toBe('en')
    expect(matchLocale('ja-JP', shipped)).toBe('ja')
    // Portuguese readers are better served by Brazilian Portuguese than by English.
    expect(matchLocale('pt', shipped)).toBe('pt-BR')
    expect(matchLocale('pt-PT', shipped)).toBe('pt-BR')
    expect(matchLocale('pt-br', shipped)).toBe('pt-BR')
    expect(matchLocale('pt_BR', shipped)).toBe('pt-BR')
    expect(matchLocale('es-MX', shipped)).toBe('es')
    expect(matchLocale('fr-CA', shipped)).toBe('fr')
  })
  it('finds nothing for a language not shipped', () => {
    expect(matchLocale('xx', shipped)).toBeUndefined()
    expect(matchLocale('zh-CN', shipped)).toBeUndefined()
    expect(matchLocale('', shipped)).toBeUndefined()
  })
})

describe('the core tables', () => {
  it('English is built in; another locale shows English until its chunk arrives, then itself, buttons included', async () => {
    // Fresh modules: the test files share a worker's (vitest.config.ts `isolate: false`), and another may have loaded Spanish.
    vi.resetModules()
    const { loadLocale } = await import('./load')
    const { tablesChanged, tablesVersion } = await import('./tables')
    const { stringsFor } = await import('./strings')
    const { enButtons } = await import('./buttons')
    const { buttonStringsFor } = await import('./buttonsFor')
    const { en } = await import('./en')
    expect(stringsFor('en')).toBe(en)
    expect(stringsFor('xx')).toBe(en)
    expect(stringsFor('es').close).toBe('Close')
    expect(buttonStringsFor('es')).toBe(enButtons)
    const seen: number[] = []
    const stop = tablesChanged(() => seen.push(tablesVersion()))
    const first = loadLocale('es-MX')
    const second = loadLocale('es')
    expect(second).toBe(first)
    await first
    stop()
    expect(seen).toHaveLength(1)
    expect(stringsFor('es').close).toBe('Cerrar')
    expect(stringsFor('es-AR').titles.Connect).toBe('Conectar billetera')
    expect(buttonStringsFor('es').connectButton).toBe('Conectar billetera')
    await loadLocale('pt-PT')
    expect(stringsFor('pt-PT').close).toBe('Fechar')
    await loadLocale('ja')
    expect(stringsFor('ja').close).toBe('閉じる')
  })
  it('English and a locale not shipped fetch nothing', async () => {
    const seen: number[] = []
    const stop = tablesChanged(() => seen.push(tablesVersion()))
    await loadLocale('en')
    await loadLocale('en-GB')
    await loadLocale('xx')
    stop()
    expect(seen).toEqual([])
  })
})

describe('a table that fails to load', () => {
  it('never rejects: English stays, the console says so, and the next call tries again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    let calls = 0
    const table = { close: 'Fermer' }
    const loader = () => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: table }))
    await expect(loadTable(loader, loader, '"fr"')).resolves.toBeUndefined()
    expect(tableOf(loader)).toBeUndefined()
    expect(warn).toHaveBeenCalledWith('Airlock: the "fr" strings could not be loaded; showing English.', expect.any(Error))
    await loadTable(loader, loader, '"fr"')
    expect(calls).toBe(2)
    expect(tableOf(loader)).toBe(table)
    // In, it is not fetched again.
    await loadTable(loader, loader, '"fr"')
    expect(calls).toBe(2)
  })

  it("a plugin's failed table leaves its English in place", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const module = { id: 'broken', strings: { en: { title: 'Send' }, fr: () => Promise.reject(new Error('404')) } }
    await loadModuleStrings([module], 'fr')
    expect(moduleString(module, 'fr', 'title')).toBe('Send')
  })
})

describe("a plugin's tables", () => {
  it('a loader: English until loaded, then the locale, by region too; a table given in the module is read at once', async () => {
    const fr = { title: 'Envoyer' }
    const pt = { title: 'Enviar' }
    const loads: string[] = []
    const module = {
      id: 'send',
      strings: {
        en: { title: 'Send', only: 'English only' },
        de: { title: 'Senden' },
        fr: () => (loads.push('fr'), Promise.resolve({ default: fr })),
        'pt-BR': () => (loads.push('pt-BR'), Promise.resolve({ default: pt })),
      },
    }
    expect(moduleString(module, 'de-CH', 'title')).toBe('Senden')
    expect(moduleString(module, 'fr', 'title')).toBe('Send')
    await loadModuleStrings([module], 'fr-BE')
    expect(moduleString(module, 'fr', 'title')).toBe('Envoyer')
    expect(moduleString(module, 'fr', 'only')).toBe('English only')
    await loadModuleStrings([module], 'pt-PT')
    expect(moduleString(module, 'pt', 'title')).toBe('Enviar')
    await loadModuleStrings([module, { id: 'silent' }], 'de')
    await loadModuleStrings([module], 'en')
    expect(loads).toEqual(['fr', 'pt-BR'])
  })
})
