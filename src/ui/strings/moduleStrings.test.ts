import { beforeAll, describe, expect, it } from 'vitest'
import { resolveString } from './moduleStrings'
import { moduleString } from './moduleString'
import { loadLocale } from './load'

// The German core table is a chunk of its own (issue 28 §4): fetched as a German page fetches it.
beforeAll(() => loadLocale('de'))

const send = { id: 'send', strings: { en: { title: 'Send', sent: 'Sent {amount}', only: 'English only' }, de: { title: 'Senden', sent: '{amount} gesendet' } } }
const silent = { id: 'silent' }

describe('module strings (issue 11 §1 Strings)', () => {
  it("reads a plugin's key under its id as prefix, in the asked locale", () => {
    expect(resolveString('send.title', 'de', [send, silent])).toBe('Senden')
    expect(resolveString('send.title', 'en', [send, silent])).toBe('Send')
    expect(resolveString('send.only', 'de', [send])).toBe('English only')
  })

  it('falls back to English key by key, and for a locale the module does not have', () => {
    expect(moduleString(send, 'de', 'only')).toBe('English only')
    expect(moduleString(send, 'fr', 'title')).toBe('Send')
    expect(moduleString(send, 'de-AT', 'title')).toBe('Senden')
    expect(moduleString(send, 'de', 'missing')).toBeUndefined()
    expect(moduleString(undefined, 'de', 'title')).toBeUndefined()
  })

  it('resolves core keys (nested ones too) before module keys, and fills placeholders', () => {
    expect(resolveString('balanceUnavailable', 'en', [])).toBe('Token Balance Unavailable')
    expect(resolveString('balanceUnavailable', 'de', [])).toBe('Token-Guthaben nicht verfügbar')
    expect(resolveString('titles.Connect', 'de', [])).toBe('Wallet verbinden')
    expect(resolveString('send.sent', 'de', [send], { amount: 2 })).toBe('2 gesendet')
    expect(resolveString('send.nothing', 'en', [send])).toBeUndefined()
    expect(resolveString('other.title', 'en', [send])).toBeUndefined()
    expect(resolveString('nothing', 'en', [send])).toBeUndefined()
  })
})
