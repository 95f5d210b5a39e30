/**
 * Properties of the Activity tab's history (SPEC §3 transactionsByYear: year, then month). The
 * rule: the grouping depends only on the set of transactions — not on the order pages arrive in,
 * nor on a transaction seen twice where pages overlap. Each transaction sits once, under the UTC
 * year and month of its `minedAt` (whatever offset the time is written with), and each month
 * lists its transactions newest first.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { runs } from './settings'
import { groupByYearMonth, mergeTransactions, orderTransactions } from '../../src/plugins/activity/grouping'
import type { TransactionItem } from '../../src/events/shapes/transaction'

/** An instant written as ISO 8601 with a UTC offset (+02:00, -05:30, Z): the same instant either way. */
function isoWithOffset(ms: number, offsetMinutes: number): string {
  if (offsetMinutes === 0) return new Date(ms).toISOString()
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, -1)
  const sign = offsetMinutes > 0 ? '+' : '-'
  const abs = Math.abs(offsetMinutes)
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

const START = Date.UTC(2020, 0, 1)
const END = Date.UTC(2030, 0, 1)
/** Times near month and year boundaries, and repeated times (ties), besides any time in ten years. */
const instant = fc.oneof(
  fc.integer({ min: START, max: END }),
  fc
    .record({ year: fc.integer({ min: 2020, max: 2029 }), month: fc.integer({ min: 0, max: 11 }), delta: fc.integer({ min: -90_000, max: 90_000 }) })
    .map(({ year, month, delta }) => Date.UTC(year, month, 1) + delta),
  fc.constantFrom(Date.UTC(2026, 10, 1), Date.UTC(2025, 11, 31, 23, 59, 59)),
)
const offset = fc.oneof(
  fc.constant(0),
  fc.integer({ min: -12 * 4, max: 14 * 4 }).map((quarters) => quarters * 15),
)

const transaction = fc
  .record({ id: fc.string({ minLength: 1, maxLength: 8 }), at: instant, offset, operationType: fc.constantFrom('send', 'receive', 'execute') })
  .map(({ id, at, offset, operationType }): TransactionItem => ({
    id,
    metadata: { minedAt: isoWithOffset(at, offset), operationType, status: 'confirmed', sentFrom: '0xa', sentTo: '0xb', chain: 'eip155:1' },
    transfers: [{ fungible_info: { symbol: 'ETH' }, quantity: { numeric: '1' } }],
  }))

/** Distinct transactions (one per id), as a history holds them. */
const history = fc.uniqueArray(transaction, { selector: (item) => item.id, maxLength: 60 })

/** The transactions in another order, some of them twice or more (overlapping pages). */
const reordered = (items: readonly TransactionItem[]) =>
  fc.array(fc.nat(), { maxLength: 20 }).chain((extra) => {
    const withRepeats = [...items, ...(items.length === 0 ? [] : extra.map((i) => items[i % items.length]!))]
    return fc.shuffledSubarray(withRepeats, { minLength: withRepeats.length, maxLength: withRepeats.length })
  })

/** Pages of a history: consecutive slices, each overlapping the one before by up to 3 items. */
const pagesOf = (items: readonly TransactionItem[]) =>
  fc.array(fc.record({ size: fc.integer({ min: 1, max: 20 }), overlap: fc.integer({ min: 0, max: 3 }) }), { maxLength: 10 }).map((cuts) => {
    const pages: TransactionItem[][] = []
    let at = 0
    for (const { size, overlap } of cuts) {
      if (at >= items.length) break
      const from = Math.max(0, at - overlap)
      pages.push(items.slice(from, at + size))
      at += size
    }
    if (at < items.length) pages.push(items.slice(at))
    return pages
  })

const utcMonth = (item: TransactionItem) => {
  const at = new Date(Date.parse(item.metadata.minedAt))
  return [String(at.getUTCFullYear()), String(at.getUTCMonth())] as const
}

describe('history grouping (SPEC §3 transactionsByYear)', () => {
  it('history grouping is stable under any order of items: the same transactions, in any order and with repeats, give the same groups', () => {
    fc.assert(
      fc.property(
        history.chain((items) => fc.tuple(fc.constant(items), reordered(items))),
        ([items, shuffled]) => {
          expect(groupByYearMonth(shuffled)).toEqual(groupByYearMonth(items))
          expect(orderTransactions(shuffled)).toEqual(orderTransactions(items))
        },
      ),
      runs(),
    )
  })

  it('each transaction sits once, under the UTC year and month it was mined in, and each month is newest first', () => {
    fc.assert(
      fc.property(history, (items) => {
        const groups = groupByYearMonth(items)
        const placed = Object.entries(groups).flatMap(([year, months]) =>
          Object.entries(months).flatMap(([month, list]) => list.map((item) => ({ year, month, item }))),
        )
        expect(placed.map((p) => p.item.id).sort()).toEqual(items.map((item) => item.id).sort())
        for (const { year, month, item } of placed) expect([year, month]).toEqual(utcMonth(item))
        for (const months of Object.values(groups))
          for (const list of Object.values(months)) {
            const times = list.map((item) => Date.parse(item.metadata.minedAt))
            expect(times).toEqual([...times].sort((a, b) => b - a))
          }
      }),
      runs(),
    )
  })

  it('merging pages, overlapping and in any order, holds each transaction once, as the whole history would', () => {
    fc.assert(
      fc.property(
        history.chain((items) =>
          fc.tuple(
            fc.constant(items),
            pagesOf(items).chain((pages) => fc.shuffledSubarray(pages, { minLength: pages.length, maxLength: pages.length })),
          ),
        ),
        ([items, pages]) => {
          const merged = pages.reduce<readonly TransactionItem[]>((held, page) => mergeTransactions(held, page), [])
          expect(merged).toEqual(orderTransactions(items))
          expect(new Set(merged.map((item) => item.id)).size).toBe(merged.length)
          expect(groupByYearMonth(merged)).toEqual(groupByYearMonth(items))
        },
      ),
      runs(),
    )
  })

  it('a transaction whose minedAt is not a time is left out, not grouped under a made-up month', () => {
    const bad: TransactionItem = {
      id: 'bad',
      metadata: { minedAt: 'yesterday', operationType: 'send', status: 'confirmed', sentFrom: '0xa', sentTo: '0xb' },
      transfers: [],
    }
    fc.assert(
      fc.property(history, (items) => {
        expect(groupByYearMonth([...items, bad])).toEqual(groupByYearMonth(items))
      }),
      runs(),
    )
  })
})
