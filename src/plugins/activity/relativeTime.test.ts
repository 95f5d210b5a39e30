import { describe, expect, it } from 'vitest'
import { AirlockError } from 'airlock/plugin'
import { formatRelativeTime, relativeTime } from './relativeTime'

const S = 1000
const M = 60 * S
const H = 60 * M
const D = 24 * H
const MONTH = (365.2425 / 12) * D

describe('relativeTime (SPEC §9 thresholds)', () => {
  it('counts seconds up to 44 (SPEC §9)', () => {
    expect(relativeTime(0)).toEqual({ unit: 'second', value: 0 })
    expect(relativeTime(44 * S)).toEqual({ unit: 'second', value: 44 })
    expect(relativeTime(45 * S)).toEqual({ unit: 'minute', value: 1 })
  })

  it('says a minute up to 89 seconds (SPEC §9)', () => {
    expect(relativeTime(89 * S)).toEqual({ unit: 'minute', value: 1 })
    expect(relativeTime(90 * S)).toEqual({ unit: 'minute', value: 2 })
  })

  it('counts minutes up to 44 (SPEC §9)', () => {
    expect(relativeTime(44 * M)).toEqual({ unit: 'minute', value: 44 })
    expect(relativeTime(45 * M)).toEqual({ unit: 'hour', value: 1 })
  })

  it('says an hour up to 89 minutes (SPEC §9)', () => {
    expect(relativeTime(89 * M)).toEqual({ unit: 'hour', value: 1 })
    expect(relativeTime(90 * M)).toEqual({ unit: 'hour', value: 2 })
  })

  it('counts hours up to 21 (SPEC §9)', () => {
    expect(relativeTime(21 * H)).toEqual({ unit: 'hour', value: 21 })
    expect(relativeTime(22 * H)).toEqual({ unit: 'day', value: 1 })
  })

  it('says a day up to 35 hours (SPEC §9)', () => {
    expect(relativeTime(35 * H)).toEqual({ unit: 'day', value: 1 })
    expect(relativeTime(36 * H)).toEqual({ unit: 'day', value: 2 })
  })

  it('counts days up to 25 (SPEC §9)', () => {
    expect(relativeTime(25 * D)).toEqual({ unit: 'day', value: 25 })
    expect(relativeTime(26 * D)).toEqual({ unit: 'month', value: 1 })
  })

  it('says a month up to 45 days (SPEC §9)', () => {
    expect(relativeTime(45 * D)).toEqual({ unit: 'month', value: 1 })
    expect(relativeTime(46 * D)).toEqual({ unit: 'month', value: 2 })
  })

  it('counts months up to 10 (SPEC §9)', () => {
    expect(relativeTime(10 * MONTH)).toEqual({ unit: 'month', value: 10 })
    expect(relativeTime(11 * MONTH)).toEqual({ unit: 'year', value: 1 })
  })

  it('says a year up to 17 months, then counts years (SPEC §9)', () => {
    expect(relativeTime(17 * MONTH)).toEqual({ unit: 'year', value: 1 })
    expect(relativeTime(18 * MONTH)).toEqual({ unit: 'year', value: 2 })
    expect(relativeTime(10 * 365.2425 * D)).toEqual({ unit: 'year', value: 10 })
  })

  it('rounds to the nearest unit within a band', () => {
    expect(relativeTime(44.4 * S)).toEqual({ unit: 'second', value: 44 })
    expect(relativeTime(44.5 * S)).toEqual({ unit: 'minute', value: 1 })
    expect(relativeTime(5.4 * M)).toEqual({ unit: 'minute', value: 5 })
  })

  it('ignores the sign, so past and future read alike', () => {
    expect(relativeTime(-5 * M)).toEqual({ unit: 'minute', value: 5 })
  })

  it('throws for NaN and infinities', () => {
    expect(() => relativeTime(Number.NaN)).toThrow(AirlockError)
    expect(() => relativeTime(Number.POSITIVE_INFINITY)).toThrow(AirlockError)
  })
})

describe('formatRelativeTime', () => {
  const now = Date.UTC(2026, 0, 1)

  it('writes past times with "ago" and future ones with "in" in en-US', () => {
    expect(formatRelativeTime(now - 5 * M, now)).toBe('5 minutes ago')
    expect(formatRelativeTime(now + 2 * H, now)).toBe('in 2 hours')
    expect(formatRelativeTime(now - 60 * S, now)).toBe('1 minute ago')
    expect(formatRelativeTime(now - 30 * H, now)).toBe('1 day ago')
    expect(formatRelativeTime(now, now)).toBe('0 seconds ago')
  })

  it('takes a locale so the UI can translate', () => {
    expect(formatRelativeTime(now - 2 * H, now, 'fr')).toBe('il y a 2 heures')
    expect(formatRelativeTime(now - 3 * D, now, 'de-DE')).toBe('vor 3 Tagen')
  })
})
