/**
 * What the Activity tab shows: the active account's history as rows to virtualise (a header for
 * each month, newest month first, then its items newest first), whether it is loading, empty or
 * failed, and whether a next page exists. Memoised on what it reads, so the same state gives the
 * same reference (for useSyncExternalStore).
 */
import type { RootState, TransactionItem } from 'airlock/plugin'
import type { TransactionsByYear } from './grouping'
import { activityAccount } from './target'

/** A row of the list: a month's header, or a transaction with its place among all loaded (from 1). */
export type ActivityRow =
  | { readonly kind: 'month'; readonly key: string; readonly year: number; readonly month: number }
  | { readonly kind: 'item'; readonly key: string; readonly item: TransactionItem; readonly position: number }

export interface ActivityView {
  /** none: no account with activity; empty: nothing to show; failed: "Failed to fetch transactions". */
  readonly status: 'none' | 'loading' | 'ready' | 'empty' | 'failed'
  readonly rows: readonly ActivityRow[]
  /** Transactions loaded. */
  readonly count: number
  /** A next page exists. */
  readonly more: boolean
  /** A page is being read. */
  readonly loading: boolean
}

const NONE: ActivityView = { status: 'none', rows: [], count: 0, more: false, loading: false }

const descending = (record: object): number[] =>
  Object.keys(record)
    .map(Number)
    .sort((a, b) => b - a)

/**
 * The rows of a grouped history: each month (newest first) as a header then its items.
 *
 * ```ts
 * activityRows({ '2026': { '10': [a, b] } }).map((r) => r.kind) // ['month', 'item', 'item']
 * ```
 */
export function activityRows(byYear: TransactionsByYear): readonly ActivityRow[] {
  const rows: ActivityRow[] = []
  let position = 0
  for (const year of descending(byYear)) {
    const months = byYear[year] ?? {}
    for (const month of descending(months)) {
      rows.push({ kind: 'month', key: `${year}-${month}`, year, month })
      for (const item of months[month] ?? []) rows.push({ kind: 'item', key: item.id, item, position: ++position })
    }
  }
  return rows
}

let lastRows: { readonly byYear: TransactionsByYear; readonly rows: readonly ActivityRow[] } | undefined
let last: { readonly key: readonly unknown[]; readonly view: ActivityView } | undefined

/**
 * ```ts
 * selectActivityView(state) // { status: 'ready', rows: [November 2026, tx, tx, October 2026, tx], count: 3, more: true, loading: false }
 * ```
 */
export function selectActivityView(state: RootState): ActivityView {
  const account = activityAccount(state)
  const slice = state.activity
  if (account === null || !slice) return NONE
  const key = [account, slice]
  if (last && last.key.every((part, i) => part === key[i])) return last.view
  let view: ActivityView
  // Another account's history, or none read yet: the first page is on its way.
  if (slice.account !== account || (slice.pages === 0 && !slice.empty)) view = { ...NONE, status: 'loading', loading: true }
  else if (slice.failed) view = { ...NONE, status: 'failed', loading: slice.loading }
  else if (slice.empty) view = { ...NONE, status: 'empty', loading: slice.loading }
  else {
    if (lastRows?.byYear !== slice.transactionsByYear) lastRows = { byYear: slice.transactionsByYear, rows: activityRows(slice.transactionsByYear) }
    view = { status: 'ready', rows: lastRows.rows, count: slice.transactions.length, more: slice.next !== null, loading: slice.loading }
  }
  last = { key, view }
  return view
}
