import { describe, expect, it } from 'vitest'
import { en } from './en'
import { de } from './de'
import { fill, stringsFor } from './strings'

const keys = (table: object): string[] =>
  Object.entries(table).flatMap(([key, value]) => (typeof value === 'object' ? Object.keys(value as object).map((k) => `${key}.${k}`) : [key]))

describe('strings table', () => {
  it('every locale has every key of English, and no empty string', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort())
    for (const table of [en, de]) for (const value of Object.values(table)) if (typeof value === 'string') expect(value.trim()).not.toBe('')
  })
  it('keeps the same placeholders in each translation', () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort()
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const a = en[key]
      const b = de[key]
      if (typeof a === 'string' && typeof b === 'string') expect(placeholders(b)).toEqual(placeholders(a))
    }
  })
  it('picks a locale by language, falling back to English', () => {
    expect(stringsFor('de-AT')).toBe(de)
    expect(stringsFor('xx')).toBe(en)
  })
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fill('{count} wallets', { count: 3 })).toBe('3 wallets')
    expect(fill('{name} {x}', { name: 'A' })).toBe('A {x}')
  })
})
