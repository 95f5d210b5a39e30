import { describe, expect, it } from 'vitest'
import { AirlockError } from '../kernel/errors'
import { assertPlaces, decimalToString, parseDecimal, toDecimal } from './decimal'

describe('parseDecimal', () => {
  it('reads sign, integer, fraction and exponent exactly', () => {
    expect(parseDecimal('-12.50')).toEqual({ units: -1250n, scale: 2 })
    expect(parseDecimal('+7')).toEqual({ units: 7n, scale: 0 })
    expect(parseDecimal('.5')).toEqual({ units: 5n, scale: 1 })
    expect(parseDecimal('1.')).toEqual({ units: 1n, scale: 0 })
    expect(parseDecimal('1e21')).toEqual({ units: 10n ** 21n, scale: 0 })
    expect(parseDecimal('1.5E-7')).toEqual({ units: 15n, scale: 8 })
    expect(parseDecimal('123456789012345678901234567890.123456789012345678901')).toEqual({
      units: 123456789012345678901234567890123456789012345678901n,
      scale: 21,
    })
  })

  it('throws an AirlockError for anything that is not a plain decimal', () => {
    for (const bad of ['', '-', '.', 'e5', '1,000', '1 000', '0x10', 'NaN', 'Infinity', '1e', '--1', ' 1', '1e10001']) {
      expect(() => parseDecimal(bad)).toThrow(AirlockError)
    }
  })
})

describe('toDecimal', () => {
  it('reads a number through its shortest decimal form, not its binary value', () => {
    expect(toDecimal(1.005)).toEqual({ units: 1005n, scale: 3 })
    expect(toDecimal(0.1)).toEqual({ units: 1n, scale: 1 })
    expect(toDecimal(-0)).toEqual({ units: 0n, scale: 0 })
    expect(toDecimal(1e-7)).toEqual({ units: 1n, scale: 7 })
  })

  it('reads bigints as integers and rejects NaN and infinities', () => {
    expect(toDecimal(-5n)).toEqual({ units: -5n, scale: 0 })
    expect(() => toDecimal(Number.NaN)).toThrow(AirlockError)
    expect(() => toDecimal(Number.POSITIVE_INFINITY)).toThrow(AirlockError)
  })
})

describe('decimalToString', () => {
  it('writes plain notation without trailing zeros and with a leading zero', () => {
    expect(decimalToString({ units: -1250n, scale: 2 })).toBe('-12.5')
    expect(decimalToString({ units: 5n, scale: 3 })).toBe('0.005')
    expect(decimalToString({ units: 100n, scale: 2 })).toBe('1')
    expect(decimalToString({ units: 0n, scale: 4 })).toBe('0')
    expect(decimalToString({ units: 10n ** 30n, scale: 0 })).toBe(`1${'0'.repeat(30)}`)
  })

  it('pads the fraction to minPlaces', () => {
    expect(decimalToString({ units: 5n, scale: 0 }, 2)).toBe('5.00')
    expect(decimalToString({ units: -15n, scale: 1 }, 3)).toBe('-1.500')
  })
})

describe('assertPlaces', () => {
  it('accepts integers from 0 to the maximum and throws otherwise', () => {
    expect(() => assertPlaces(0)).not.toThrow()
    expect(() => assertPlaces(1000)).not.toThrow()
    for (const bad of [-1, 1.5, 1001, Number.NaN]) expect(() => assertPlaces(bad)).toThrow(AirlockError)
  })
})
