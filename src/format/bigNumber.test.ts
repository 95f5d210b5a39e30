import { describe, expect, it } from 'vitest'
import { AirlockError } from '../kernel/errors'
import { BIG_NUMBER_DECIMALS, formatBigDecimal, formatUnitsRounded, roundDecimal, roundHalfUp } from './bigNumber'

describe('roundHalfUp', () => {
  it('keeps 20 decimal places by default (SPEC §9)', () => {
    expect(BIG_NUMBER_DECIMALS).toBe(20)
    expect(roundHalfUp('0.123456789012345678904')).toBe('0.1234567890123456789')
    expect(roundHalfUp('0.123456789012345678905')).toBe('0.12345678901234567891')
    expect(roundHalfUp('0.12345678901234567890')).toBe('0.1234567890123456789')
  })

  it('rounds a tie up, away from zero (SPEC §9)', () => {
    expect(roundHalfUp('1.005', 2)).toBe('1.01')
    expect(roundHalfUp('2.5', 0)).toBe('3')
    expect(roundHalfUp('-2.5', 0)).toBe('-3')
    expect(roundHalfUp('-1.005', 2)).toBe('-1.01')
  })

  it('rounds below a tie down and above it up (SPEC §9)', () => {
    expect(roundHalfUp('1.0049999', 2)).toBe('1')
    expect(roundHalfUp('1.0050001', 2)).toBe('1.01')
    expect(roundHalfUp('-0.004', 2)).toBe('0')
    expect(roundHalfUp('9.995', 2)).toBe('10')
  })

  it('is exact for values beyond float precision (SPEC §9)', () => {
    expect(roundHalfUp('123456789012345678901234567890.125', 2)).toBe('123456789012345678901234567890.13')
    expect(roundHalfUp(10n ** 40n + 1n)).toBe('10000000000000000000000000000000000000001')
  })

  it('throws for a bad count of places or a bad value', () => {
    expect(() => roundHalfUp('1', -1)).toThrow(AirlockError)
    expect(() => roundHalfUp('abc')).toThrow(AirlockError)
  })
})

describe('roundDecimal', () => {
  it('leaves a decimal with few enough places untouched', () => {
    const d = { units: 125n, scale: 2 }
    expect(roundDecimal(d, 2)).toBe(d)
    expect(roundDecimal(d, 1)).toEqual({ units: 13n, scale: 1 })
  })
})

describe('formatBigDecimal', () => {
  it('writes exactly the given number of decimals, rounding half-up (SPEC §9)', () => {
    expect(formatBigDecimal('1234.5', 2)).toBe('1234.50')
    expect(formatBigDecimal('1.005', 2)).toBe('1.01')
    expect(formatBigDecimal(7n, 3)).toBe('7.000')
    expect(formatBigDecimal('2.5', 0)).toBe('3')
    expect(formatBigDecimal('-0.004', 2)).toBe('0.00')
    expect(formatBigDecimal('-12.3456', 3)).toBe('-12.346')
  })

  it('defaults to 20 decimals (SPEC §9)', () => {
    expect(formatBigDecimal('1')).toBe(`1.${'0'.repeat(20)}`)
  })

  it('keeps every digit of huge values (SPEC §9)', () => {
    expect(formatBigDecimal(12345678901234567890123n, 2)).toBe('12345678901234567890123.00')
  })
})

describe('formatUnitsRounded', () => {
  it('converts base units with viem and rounds to 20 places (SPEC §9)', () => {
    expect(formatUnitsRounded(1234567890000000000n, 18)).toBe('1.23456789')
    expect(formatUnitsRounded(1n, 18)).toBe('0.000000000000000001')
    expect(formatUnitsRounded(15n, 21)).toBe('0.00000000000000000002')
    expect(formatUnitsRounded(-1n, 30)).toBe('0')
  })

  it('rounds to the places asked for, half-up (SPEC §9)', () => {
    expect(formatUnitsRounded(1555n, 3, 2)).toBe('1.56')
    expect(formatUnitsRounded(-1555n, 3, 2)).toBe('-1.56')
    expect(formatUnitsRounded(10n ** 30n, 6, 2)).toBe(`1${'0'.repeat(24)}`)
  })
})
