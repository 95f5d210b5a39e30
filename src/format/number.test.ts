import { describe, expect, it } from 'vitest'
import { AirlockError } from '../kernel/errors'
import { formatAmount, formatExactAmount, formatFiat, formatNumber, formatTransactionAmount } from './number'

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

describe('formatAmount and formatFiat in the visitor locale (issue 26 §5)', () => {
  it('group and separate amounts as each shipped locale writes them', () => {
    expect(formatAmount('10000')).toBe('10,000.00')
    expect(formatAmount('10000', { locale: 'en' })).toBe('10,000.00')
    expect(formatAmount('10000', { locale: 'de' })).toBe('10.000,00')
    expect(formatAmount('-1234.5678', { locale: 'de', decimals: 3 })).toBe('-1.234,568')
    expect(formatTransactionAmount('0.1235', 'de')).toBe('0,124')
  })

  it('keep every digit of huge amounts in German too (no float on the way)', () => {
    expect(formatAmount('123456789012345678901234567890.125', { locale: 'de' })).toBe('123.456.789.012.345.678.901.234.567.890,13')
  })

  it('write fiat with the currency sign where the locale puts it', () => {
    expect(formatFiat('1234.56')).toBe('$1,234.56')
    expect(formatFiat('1234.56', 'USD', { locale: 'en' })).toBe('$1,234.56')
    expect(formatFiat('1234.56', 'USD', { locale: 'de' })).toBe('1.234,56\u00a0$')
    expect(formatFiat('12', 'EUR', { locale: 'de' })).toBe('12,00\u00a0€')
    expect(formatFiat('99999999999999999999.995', 'USD', { locale: 'de' })).toBe('100.000.000.000.000.000.000,00\u00a0$')
  })

  it('show an exact amount with its own digits', () => {
    expect(formatExactAmount('1234.5', 'de')).toBe('1.234,5')
    expect(formatExactAmount('2', 'de')).toBe('2')
    expect(formatExactAmount('100.00', 'en')).toBe('100.00')
    expect(formatExactAmount('0.000000000000000001', 'en')).toBe('0.000000000000000001')
    expect(formatExactAmount(1e-7, 'de')).toBe('0,0000001')
  })

  it('read a locale Intl refuses as en-US, and still refuse a bad currency code', () => {
    expect(formatAmount('1000', { locale: 'not a locale!' })).toBe('1,000.00')
    expect(formatFiat('1000', 'USD', { locale: 'not a locale!' })).toBe('$1,000.00')
    expect(() => formatFiat('1', 'dollars', { locale: 'de' })).toThrow(RangeError)
  })
})
