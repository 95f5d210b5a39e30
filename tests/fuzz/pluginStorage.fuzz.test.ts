/**
 * The plugins' own storage keys (issue 27 §2 "every storage key"; the core's keys are fuzzed at
 * start-up by tests/property/storage.property.test.ts): the email plugin's (lastLoginTime,
 * loginUsed, email) and the socials plugin's (provider, username), read through the scoped store a
 * plugin gets (`createScopedStore` over `createSafeStorage`, as the plugin host builds it). Whatever
 * a visitor, an extension or an older version left under those keys: a read gives a value of the
 * key's codec or nothing; a corrupt key is removed with one warning; every other key, the core's and
 * a site's own included, keeps its bytes.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type * as t from 'io-ts'
import { memoryStorage } from '../../src/kernel/deps'
import { createSafeStorage, createScopedStore, scopedKey } from '../../src/kernel/storage'
import { emailStorage } from '../../src/plugins/email/effects'
import { socialsStorage } from '../../src/plugins/socials/effects'
import { arbitraryFor } from '../property/arbitraries'
import { runs } from '../property/settings'
import { hostile, hugeString, mutated } from './hostile'

const MODULES: Record<string, Readonly<Record<string, t.Mixed>>> = { email: emailStorage, socials: socialsStorage }
const KEYS = Object.entries(MODULES).flatMap(([moduleId, codecs]) =>
  Object.entries(codecs).map(([name, codec]) => ({ moduleId, name, codec, key: scopedKey(moduleId, name) })),
)

/** What may sit under a key: valid JSON of its codec, that mutated, any JSON, broken JSON, a huge string. */
const raw = (codec: t.Mixed): fc.Arbitrary<string> =>
  fc.oneof(
    arbitraryFor(codec).map((v) => JSON.stringify(v)),
    mutated(arbitraryFor(codec)).map((v) => {
      try {
        return JSON.stringify(v) ?? 'undefined'
      } catch {
        return '{'
      }
    }),
    hostile.map((v) => {
      try {
        return JSON.stringify(v) ?? String(v)
      } catch {
        return 'NaN'
      }
    }),
    fc.string().map((s) => `{${s}`),
    fc.constantFrom('{"__proto__": {"polluted": true}}', 'null', '', 'undefined', '[]'),
    hugeString,
  )

const decodes = (codec: t.Mixed, text: string): boolean => {
  try {
    return codec.is(JSON.parse(text))
  } catch {
    return false
  }
}

describe("the plugins' storage keys (issue 27 §2)", () => {
  it('any stored text: a read gives a value of its codec or nothing, a corrupt key alone is removed with a warning, every other key keeps its bytes', () => {
    fc.assert(
      fc.property(
        fc.tuple(...KEYS.map(({ codec }) => fc.option(raw(codec), { nil: undefined }))),
        fc.dictionary(fc.constantFrom('@airlock/connection_status', '@airlock/active_namespace', 'site-own-key', '@airlock/email/other'), fc.string(), {
          maxKeys: 3,
        }),
        (stored, others) => {
          const initial: Record<string, string> = { ...others }
          KEYS.forEach(({ key }, i) => {
            if (stored[i] !== undefined) initial[key] = stored[i]!
          })
          const storage = memoryStorage({ ...initial })
          const warnings: string[] = []
          const safe = createSafeStorage(storage, { warn: (message) => void warnings.push(message), error: (message) => void warnings.push(message) })
          let corrupt = 0
          for (const [moduleId, codecs] of Object.entries(MODULES)) {
            const store = createScopedStore(safe, moduleId, codecs)
            for (const [name, codec] of Object.entries(codecs)) {
              const key = scopedKey(moduleId, name)
              const value = store.read(name)
              const text = initial[key]
              if (text === undefined) {
                expect(value).toBeUndefined()
              } else if (decodes(codec, text)) {
                expect(codec.is(value)).toBe(true)
                expect(storage.getItem(key)).toBe(text)
              } else {
                corrupt += 1
                expect(value).toBeUndefined()
                expect(storage.getItem(key)).toBeNull()
              }
            }
          }
          expect(warnings).toHaveLength(corrupt)
          // Every key that is no plugin key of these, the core's and the site's, kept its bytes.
          for (const [key, text] of Object.entries(others)) expect(storage.getItem(key)).toBe(text)
          expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
        },
      ),
      runs(),
    )
  })
})
