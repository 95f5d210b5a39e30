/**
 * The history's order and grouping (SPEC §3 transactionsByYear: year, then month): one item per id,
 * newest first, grouped by the UTC year and month of `metadata.minedAt`. The result depends only
 * on the set of items, never on the order pages arrived in or on items seen twice where pages
 * overlap. UTC, so the grouping in state is the same wherever the log is folded; the view names
 * the months in UTC too.
 */
import type { TransactionItem } from 'airlock/plugin'

/** Year → month (0 for January … 11 for December) → items, newest first. */
export type TransactionsByYear = Readonly<Record<string, Readonly<Record<string, readonly TransactionItem[]>>>>

/** When the item was mined, epoch ms; NaN when `minedAt` is not a time. */
export const minedAtMs = (item: TransactionItem): number => Date.parse(item.metadata.minedAt)

/** Newest first; items mined at the same time by id, so the order is total. */
function newestFirst(a: TransactionItem, b: TransactionItem): number {
  const byTime = minedAtMs(b) - minedAtMs(a)
  if (byTime !== 0) return byTime
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/**
 * The items in history order: those whose `minedAt` is a time, one per id (of two with the same
 * id the one mined later, else the first given), newest first.
 *
 * ```ts
 * orderTransactions([march, november, march]).map((i) => i.id) // ['november', 'march']
 * ```
 */
export function orderTransactions(items: readonly TransactionItem[]): readonly TransactionItem[] {
  const byId = new Map<string, TransactionItem>()
  for (const item of items) {
    if (!Number.isFinite(minedAtMs(item))) continue
    const held = byId.get(item.id)
    if (held === undefined || minedAtMs(item) > minedAtMs(held)) byId.set(item.id, item)
  }
  return [...byId.values()].sort(newestFirst)
}

/**
 * Add a page to the items held: an item of the page replaces the held one with its id (the later
 * answer knows more, a pending transaction since confirmed), then history order.
 *
 * ```ts
 * mergeTransactions(firstPage, secondPage).length // both pages, overlap counted once
 * ```
 */
export function mergeTransactions(held: readonly TransactionItem[], page: readonly TransactionItem[]): readonly TransactionItem[] {
  const fresh = new Set(page.map((item) => item.id))
  return orderTransactions([...page, ...held.filter((item) => !fresh.has(item.id))])
}

/**
 * Group items by the UTC year, then month, they were mined in; each month's items in history
 * order (see `orderTransactions`).
 *
 * ```ts
 * groupByYearMonth(items) // { '2026': { '10': [nov3, nov1], '2': [mar9] }, '2025': { '11': [dec24] } }
 * ```
 */
export function groupByYearMonth(items: readonly TransactionItem[]): TransactionsByYear {
  const groups: Record<string, Record<string, TransactionItem[]>> = {}
  for (const item of orderTransactions(items)) {
    const at = new Date(minedAtMs(item))
    const year = (groups[at.getUTCFullYear()] ??= {})
    ;(year[at.getUTCMonth()] ??= []).push(item)
  }
  return groups
}
