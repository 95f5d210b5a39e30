import { describe, expect, it } from 'vitest'
import { AirlockError } from '../kernel/errors'
import { formatNumber, formatTransactionAmount } from './number'

describe('formatNumber', () => {
  it('formats with 2 decimals in en-US by default (SPEC §9)', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50')
    expect(formatNumber(0)).toBe('0.00')
    expect(formatNumber('1234567.891')).toBe('1,234,567.89')
  })

  it('rounds half-up, away from zero, on the written value (SPEC §9)', () => {
    expect(formatNumber(1.005)).toBe('1.01')
    expect(formatNumber('-1.005')).toBe('-1.01')
    expect(formatNumber('1.004999')).toBe('1.00')
  })

  it('shows no minus sign on a negative value that rounds to zero', () => {
    expect(formatNumber('-0.001')).toBe('0.00')
  })

  it('keeps every digit of huge values', () => {
    expect(formatNumber('123456789012345678901234567890.125')).toBe('123,456,789,012,345,678,901,234,567,890.13')
    expect(formatNumber(10n ** 30n, { decimals: 0 })).toBe('1,000,000,000,000,000,000,000,000,000,000')
    expect(formatNumber(1e21)).toBe('1,000,000,000,000,000,000,000.00')
  })

  it('takes the number of decimals and the locale as options (SPEC §9)', () => {
    expect(formatNumber(1234.5678, { decimals: 0 })).toBe('1,235')
    expect(formatNumber(1234.5, { locale: 'de-DE' })).toBe('1.234,50')
    expect(formatNumber('0.1', { decimals: 20 })).toBe(`0.1${'0'.repeat(19)}`)
  })

  it('throws for NaN, infinities, malformed strings and bad decimals', () => {
    expect(() => formatNumber(Number.NaN)).toThrow(AirlockError)
    expect(() => formatNumber(Number.NEGATIVE_INFINITY)).toThrow(AirlockError)
    expect(() => formatNumber('1,000')).toThrow(AirlockError)
    expect(() => formatNumber(1, { decimals: 21 })).toThrow(AirlockError)
  })
})

describe('formatTransactionAmount', () => {
  it('shows transaction amounts with 3 decimals (SPEC §9)', () => {
    expect(formatTransactionAmount('0.12345')).toBe('0.123')
    expect(formatTransactionAmount('0.1235')).toBe('0.124')
    expect(formatTransactionAmount(2)).toBe('2.000')
    expect(formatTransactionAmount('-1234.5')).toBe('-1,234.500')
    expect(formatTransactionAmount(2, 'fr-FR')).toBe('2,000')
  })
})
