/**
 * Properties of the number and time formatters (SPEC §9): half-up rounding to 20 places agrees
 * with an independent bigint reference, relative time never goes backwards as time passes, and
 * formatted numbers read back to within their rounding.
 */
import { describe, it } from 'vitest'
import fc from 'fast-check'
import { runs } from './settings'
import { formatBigDecimal, roundHalfUp } from '../../src/format/bigNumber'
import { parseDecimal } from '../../src/format/decimal'
import { formatNumber } from '../../src/format/number'
import { relativeTime, type RelativeTimeUnit } from '../../src/plugins/activity/relativeTime'

/** A random exact decimal: units / 10^scale, with its text written out independently of the code under test. */
const decimal = fc
  .record({
    units: fc.bigInt({ min: -(10n ** 45n), max: 10n ** 45n }),
    scale: fc.integer({ min: 0, max: 30 }),
  })
  .map(({ units, scale }) => {
    const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0')
    const cut = digits.length - scale
    const text = `${units < 0n ? '-' : ''}${digits.slice(0, cut)}${scale > 0 ? `.${digits.slice(cut)}` : ''}`
    return { units, scale, text }
  })

const abs = (n: bigint): bigint => (n < 0n ? -n : n)

/** Half-up (ties away from zero) by scaling: floor((2·|u|·10^p + 10^s) / (2·10^s)), sign restored. */
function referenceRound(units: bigint, scale: number, places: number): bigint {
  const magnitude = (2n * abs(units) * 10n ** BigInt(places) + 10n ** BigInt(scale)) / (2n * 10n ** BigInt(scale))
  return units < 0n ? -magnitude : magnitude
}

/** Whether text holds exactly `units / 10^places`. */
function equalsScaled(text: string, units: bigint, places: number): boolean {
  const parsed = parseDecimal(text)
  return parsed.units * 10n ** BigInt(places) === units * 10n ** BigInt(parsed.scale)
}

describe('big-number rounding (SPEC §9)', () => {
  it('roundHalfUp agrees with a bigint-scaling reference for random decimals (SPEC §9)', () => {
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 25 }), ({ units, scale, text }, places) => {
        const rounded = roundHalfUp(text, places)
        return equalsScaled(rounded, referenceRound(units, scale, places), places) && parseDecimal(rounded).scale <= places
      }),
      runs(),
    )
  })

  it('roundHalfUp keeps 20 places by default and leaves shorter decimals unchanged (SPEC §9)', () => {
    fc.assert(
      fc.property(decimal, ({ units, scale, text }) => {
        const rounded = roundHalfUp(text)
        const expected = scale <= 20 ? units * 10n ** BigInt(20 - scale) : referenceRound(units, scale, 20)
        return equalsScaled(rounded, expected, 20)
      }),
      runs(),
    )
  })

  it('formatBigDecimal writes exactly the asked number of decimals (SPEC §9)', () => {
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 25 }), ({ units, scale, text }, places) => {
        const fixed = formatBigDecimal(text, places)
        const fraction = fixed.split('.')[1] ?? ''
        return fraction.length === places && equalsScaled(fixed, referenceRound(units, scale, places), places)
      }),
      runs(),
    )
  })
})

const UNIT_ORDER: readonly RelativeTimeUnit[] = ['second', 'minute', 'hour', 'day', 'month', 'year']

// SPEC §9's thresholds in milliseconds, so the generator can aim at the edges where bugs live.
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const MONTH = (365.2425 / 12) * DAY
const EDGES = [44.5 * SECOND, 89.5 * SECOND, 44.5 * MINUTE, 89.5 * MINUTE, 21.5 * HOUR, 35.5 * HOUR, 25.5 * DAY, 45.5 * DAY, 10.5 * MONTH, 17.5 * MONTH]

const elapsed = fc.oneof(
  fc.integer({ min: 0, max: 2 * 60 * 60 * 1000 }),
  fc.double({ min: 0, max: 200 * 365 * DAY, noNaN: true }),
  fc.tuple(fc.constantFrom(...EDGES), fc.integer({ min: -2000, max: 2000 })).map(([edge, offset]) => Math.max(0, edge + offset)),
)

describe('relative time (SPEC §9)', () => {
  it('never goes backwards in unit or count as elapsed time grows (SPEC §9)', () => {
    fc.assert(
      fc.property(elapsed, elapsed, (a, b) => {
        const [earlier, later] = a <= b ? [a, b] : [b, a]
        const x = relativeTime(earlier)
        const y = relativeTime(later)
        const rankX = UNIT_ORDER.indexOf(x.unit)
        const rankY = UNIT_ORDER.indexOf(y.unit)
        return rankX < rankY || (rankX === rankY && x.value <= y.value)
      }),
      runs(),
    )
  })

  it('stays within each unit band of SPEC §9 and reads past and future alike (SPEC §9)', () => {
    const maxValue: Record<RelativeTimeUnit, number> = { second: 44, minute: 44, hour: 21, day: 25, month: 10, year: Infinity }
    fc.assert(
      fc.property(elapsed, (ms) => {
        const { unit, value } = relativeTime(ms)
        const mirrored = relativeTime(-ms)
        return Number.isInteger(value) && value >= 0 && value <= maxValue[unit] && mirrored.unit === unit && mirrored.value === value
      }),
      runs(),
    )
  })
})

describe('number formatting (SPEC §9)', () => {
  it('formatNumber output parses back to within half a unit of its last decimal (SPEC §9)', () => {
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 6 }), ({ units, scale, text }, decimals) => {
        const shown = formatNumber(text, { decimals })
        const pattern = decimals === 0 ? /^-?\d{1,3}(,\d{3})*$/ : new RegExp(`^-?\\d{1,3}(,\\d{3})*\\.\\d{${decimals}}$`)
        if (!pattern.test(shown)) return false
        const back = parseDecimal(shown.replaceAll(',', ''))
        // |back - value| <= 1/2 · 10^-decimals, compared exactly on a common scale.
        const common = Math.max(back.scale, scale, decimals) + 1
        const diff = abs(back.units * 10n ** BigInt(common - back.scale) - units * 10n ** BigInt(common - scale))
        return 2n * diff * 10n ** BigInt(decimals) <= 10n ** BigInt(common)
      }),
      runs(),
    )
  })

  it('formatNumber of a float parses back to within rounding of the float as written (SPEC §9)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (value) => {
        const back = Number(formatNumber(value).replaceAll(',', ''))
        return Math.abs(back - value) <= 0.005 + Math.abs(value) * Number.EPSILON * 4
      }),
      runs(),
    )
  })
})
