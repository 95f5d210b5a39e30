import { describe, expect, it } from 'vitest'
import { quote, typeName } from './describeInput'

describe('quote', () => {
  it('quotes short input whole', () => {
    expect(quote('eip155:1')).toBe('"eip155:1"')
  })

  it('cuts input over 80 characters and says how long it was', () => {
    expect(quote('x'.repeat(200))).toBe(`"${'x'.repeat(80)}…" (200 characters)`)
  })
})

describe('typeName', () => {
  it('names null and arrays apart from objects', () => {
    expect([null, [], {}, 1, 1n, undefined].map(typeName)).toEqual(['null', 'array', 'object', 'number', 'bigint', 'undefined'])
  })
})
