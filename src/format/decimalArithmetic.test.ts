import { describe, expect, it } from 'vitest'
import { AirlockError } from '../kernel/errors'
import { addDecimals, compareDecimals, divideDecimals, multiplyDecimals, subtractDecimals } from './decimalArithmetic'

describe('decimal arithmetic', () => {
  it('adds and subtracts exactly, where floats would not', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3')
    expect(addDecimals(0.1, 0.2)).toBe('0.3')
    expect(subtractDecimals('1', '0.9')).toBe('0.1')
    expect(subtractDecimals('0.5', '1.25')).toBe('-0.75')
    expect(addDecimals(10n ** 30n, '0.000000000000000000000001')).toBe(`1${'0'.repeat(30)}.000000000000000000000001`)
  })

  it('multiplies exactly, without rounding to 20 places', () => {
    expect(multiplyDecimals('1.5', '2000.25')).toBe('3000.375')
    expect(multiplyDecimals('-0.0000000001', '0.00000000001')).toBe('-0.000000000000000000001')
  })

  it('divides with 20 decimal places and half-up rounding (SPEC §9)', () => {
    expect(divideDecimals('1', '3')).toBe('0.33333333333333333333')
    expect(divideDecimals('2', '3')).toBe('0.66666666666666666667')
    expect(divideDecimals('-2', '3')).toBe('-0.66666666666666666667')
    expect(divideDecimals('2', '-3', 2)).toBe('-0.67')
    expect(divideDecimals('1', '8', 2)).toBe('0.13')
    expect(divideDecimals('10', '0.5')).toBe('20')
  })

  it('refuses to divide by zero', () => {
    expect(() => divideDecimals('1', '0.00')).toThrow(AirlockError)
    expect(() => divideDecimals('1', '0')).toThrow('Division by zero')
  })

  it('compares exactly, ignoring trailing zeros', () => {
    expect(compareDecimals('0.10', '0.1')).toBe(0)
    expect(compareDecimals('-1', '0.5')).toBe(-1)
    expect(compareDecimals('100000000000000000001', '100000000000000000000')).toBe(1)
  })
})
