/**
 * Issue 28 §4: amounts and dates in the locale's format. The modal formats with the instance's
 * locale (useLocale) through Intl, so each shipped locale writes its own separators and words.
 */
import { describe, expect, it } from 'vitest'
import { displayBalance } from './displayFormat'
import { formatFiat } from '../../format/number'
import { formatRelativeTime } from '../../plugins/activity/relativeTime'

describe('numbers and dates in the locale of the page', () => {
  it("a balance with the locale's separators: de 1.234,56, fr 1 234,56 (narrow no-break space), ja and en 1,234.56", () => {
    expect(displayBalance('1234.56', 'en')).toBe('1,234.56')
    expect(displayBalance('1234.56', 'de')).toBe('1.234,56')
    expect(displayBalance('1234.56', 'fr')).toBe('1\u202f234,56')
    expect(displayBalance('1234.56', 'es')).toBe('1234,56')
    expect(displayBalance('12345.6', 'es')).toBe('12.345,60')
    expect(displayBalance('1234.56', 'pt-BR')).toBe('1.234,56')
    expect(displayBalance('1234.56', 'ja')).toBe('1,234.56')
  })

  it('a fiat value with the sign where the locale writes it', () => {
    expect(formatFiat('1234.56', 'USD', { locale: 'de' })).toBe('1.234,56\u00a0$')
    expect(formatFiat('1234.56', 'USD', { locale: 'fr' })).toBe('1\u202f234,56\u00a0$US')
    expect(formatFiat('1234.56', 'USD', { locale: 'ja' })).toBe('$1,234.56')
  })

  it("relative and calendar dates in the locale's words", () => {
    const now = Date.UTC(2026, 10, 29, 12)
    expect(formatRelativeTime(now - 5 * 60_000, now, 'ja')).toBe('5 分前')
    expect(formatRelativeTime(now - 5 * 60_000, now, 'fr')).toBe('il y a 5 minutes')
    expect(formatRelativeTime(now - 3 * 3_600_000, now, 'pt-BR')).toBe('há 3 horas')
    expect(formatRelativeTime(now - 2 * 86_400_000, now, 'es')).toBe('hace 2 días')
    const month = (locale: string) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(now)
    expect(month('ja')).toBe('2026年11月')
    expect(month('de')).toBe('November 2026')
    expect(month('fr')).toBe('novembre 2026')
  })
})
