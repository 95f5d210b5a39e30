/**
 * Properties of the send plugin's amounts (src/plugins/send/baseUnits.ts and amount.ts; SPEC §3 token balance
 * `quantity.decimals`, §9 big-number defaults: 20 places, half-up).
 *
 * The rule: a token amount is a bigint of base units, for any decimals from 0 to 36. Writing base
 * units as a decimal string and reading it back gives the same bigint; reading what a visitor typed
 * is exact, and an amount with more significant fraction digits than the token has is refused, never
 * rounded. What is derived through a price is rounded half-up (ties away from zero): USD ÷ price to
 * the token's decimals, at most 20 places, so the result can always be sent exactly; amount × price
 * is exact, then rounded to 20 places. Each expected value is computed here on bigint, independently
 * of the code under test.
 */
import { describe, it } from 'vitest'
import fc from 'fast-check'
import { runs } from './settings'
import { tokenAmountToUsd, usdToTokenAmount } from '../../src/plugins/send/amount'
import { formatTokenAmount, parseTokenAmount } from '../../src/plugins/send/baseUnits'

const decimals = fc.integer({ min: 0, max: 36 })
const units = fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 60n }))

/** `n / 10^scale` written out by hand: integer digits, a point and the fraction digits when there are any. */
function written(n: bigint, scale: number): string {
  const digits = n.toString().padStart(scale + 1, '0')
  const cut = digits.length - scale
  return scale === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`
}

/** Exact equality of a decimal string with `n / 10^scale`, by cross-multiplying on bigint. */
function equals(text: string, n: bigint, scale: number): boolean {
  const [integer = '', fraction = ''] = text.split('.')
  return BigInt(integer + fraction) * 10n ** BigInt(scale) === n * 10n ** BigInt(fraction.length)
}

/** round(a / b, places), ties away from zero, for a, b > 0: floor((2·a·10^p + b) / (2·b)). */
function halfUp(a: bigint, b: bigint, places: number): bigint {
  return (2n * a * 10n ** BigInt(places) + b) / (2n * b)
}

/** A price as the Blockchain API gives it (a JS number), with its exact decimal form P / 10^q. */
const price = fc
  .record({ p: fc.bigInt({ min: 1n, max: 10n ** 12n }), q: fc.integer({ min: 0, max: 8 }) })
  .map(({ p, q }) => ({ p, q, value: Number(written(p, q)) }))

describe('token amounts: base units ↔ decimal text, lossless for decimals 0–36', () => {
  it('writing base units and reading them back gives the same bigint; the text has no more than `decimals` fraction digits', () => {
    fc.assert(
      fc.property(units, decimals, (n, d) => {
        const text = formatTokenAmount(n, d)
        const fraction = text.split('.')[1] ?? ''
        return parseTokenAmount(text, d) === n && fraction.length <= d && !fraction.endsWith('0') && equals(text, n, d)
      }),
      runs(),
    )
  })

  it('a typed amount with at most `decimals` fraction digits (trailing zeros allowed) reads exactly', () => {
    fc.assert(
      fc.property(units, decimals, fc.integer({ min: 0, max: 5 }), (n, d, zeros) => {
        const text = `${written(n, d)}${d > 0 && zeros > 0 ? '0'.repeat(zeros) : ''}`
        return parseTokenAmount(text, d) === n
      }),
      runs(),
    )
  })

  it('an amount finer than the token’s decimals is refused, never rounded', () => {
    fc.assert(
      fc.property(units, decimals, fc.integer({ min: 1, max: 9 }), (n, d, last) => {
        // One significant digit past the token's last decimal.
        const text = `${written(n, d)}${d === 0 ? '.' : ''}${last}`
        return parseTokenAmount(text, d) === null
      }),
      runs(),
    )
  })

  it('only plain decimals are amounts: no sign, exponent, grouping or second point', () => {
    for (const text of ['-1', '+1', '1e3', '1,000', '1.2.3', '', '.', ' 1', 'NaN']) {
      if (parseTokenAmount(text, 18) !== null) throw new Error(`${JSON.stringify(text)} read as an amount`)
    }
  })
})

describe('amounts through a price: half-up, 20 places at most (SPEC §9)', () => {
  it('USD ÷ price is rounded half-up to min(decimals, 20) places, and is always an amount that can be sent', () => {
    const usd = fc.record({ u: fc.bigInt({ min: 0n, max: 10n ** 15n }), a: fc.integer({ min: 0, max: 6 }) })
    fc.assert(
      fc.property(usd, price, decimals, ({ u, a }, { p, q, value }, d) => {
        const result = usdToTokenAmount(written(u, a), value, d)
        if (result === null) return false
        const places = Math.min(d, 20)
        // usd / price = (u / 10^a) / (p / 10^q) = (u · 10^q) / (p · 10^a)
        const expected = halfUp(u * 10n ** BigInt(q), p * 10n ** BigInt(a), places)
        return equals(result, expected, places) && parseTokenAmount(result, d) !== null
      }),
      runs(),
    )
  })

  it('amount × price is exact up to 20 places, half-up beyond', () => {
    fc.assert(
      fc.property(units, decimals, price, (n, d, { p, q, value }) => {
        const usd = tokenAmountToUsd(formatTokenAmount(n, d), value)
        // (n / 10^d) · (p / 10^q) = n·p / 10^(d+q), rounded to 20 places when finer.
        const scale = d + q
        return scale <= 20 ? equals(usd, n * p, scale) : equals(usd, halfUp(n * p, 10n ** BigInt(scale), 20), 20)
      }),
      runs(),
    )
  })

  it('ties round away from zero (regression cases)', () => {
    // 1 USD at 8 per token with 2 decimals: 0.125 → 0.13; at 3 with 0 decimals: 0.333… → 0.
    if (usdToTokenAmount('1', 8, 2) !== '0.13' || usdToTokenAmount('1', 3, 0) !== '0' || usdToTokenAmount('1', 0, 6) !== null) {
      throw new Error('half-up regression')
    }
  })
})
