// The console's analytics (issue 24 §3): a project's stored events (analytics_events, see
// ingest.mjs) counted per UTC day over a date range — modal opens, connections by wallet, by method
// and by namespace, sign-ins, swaps, on-ramp purchases, errors by code — with the range's totals
// and the open → connected funnel. Every day of the range is listed, zeros included, so a chart
// needs no gap filling.
import { HttpError } from '../http.mjs'

/** The longest range asked at once, in days (both ends counted). */
export const MAX_DAYS = 366
const DAY_MS = 24 * 60 * 60_000
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** Epoch ms of a 'YYYY-MM-DD' day that exists, or undefined. */
function dayStart(value) {
  if (typeof value !== 'string' || !DATE.test(value)) return undefined
  const ms = Date.parse(`${value}T00:00:00Z`)
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value ? undefined : ms
}

const emptyCounts = () => ({ opens: 0, connections: 0, byWallet: {}, byMethod: {}, byNamespace: {}, signIns: 0, swaps: 0, purchases: 0, errors: {} })

const add = (record, key, n) => {
  if (key !== null) record[key] = (record[key] ?? 0) + n
}

/** Adds `n` events of one group (a row of the query below) to `counts`. */
function count(counts, row, n) {
  switch (row.type) {
    case 'MODAL_OPEN':
      counts.opens += n
      break
    case 'CONNECT_SUCCESS':
      counts.connections += n
      add(counts.byWallet, row.wallet ?? 'unknown', n)
      add(counts.byMethod, row.method ?? 'unknown', n)
      add(counts.byNamespace, row.namespace ?? 'unknown', n)
      break
    case 'SIWX_AUTH_SUCCESS':
      counts.signIns += n
      break
    case 'SWAP_SUCCESS':
      counts.swaps += n
      break
    case 'ONRAMP_WIDGET_OPENED':
      if (row.error_code === null) counts.purchases += n
      break
  }
  add(counts.errors, row.error_code, n)
}

/**
 * Per-day counts of `projectId`'s events from `from` to `to` ('YYYY-MM-DD', UTC, both included,
 * at most 366 days). A bad range throws HttpError 400 with the reason.
 *
 * ```js
 * const { days, totals, funnel } = await analyticsSummary(db, { projectId: 'p1', from: '2025-01-01', to: '2025-01-31' })
 * days[0] // { day: '2025-01-01', opens: 3, connections: 1, byWallet: { MetaMask: 1 }, byMethod: { injected: 1 }, … }
 * funnel // { opened: 2, connected: 1 }: opens of the modal with no account connected, and connections
 * ```
 */
export async function analyticsSummary(db, { projectId, from, to }) {
  const start = dayStart(from)
  const end = dayStart(to)
  if (typeof projectId !== 'string' || projectId === '') throw new HttpError(400, 'Invalid range: a project id is needed')
  if (start === undefined || end === undefined) throw new HttpError(400, 'Invalid range: from and to must be days as YYYY-MM-DD')
  if (start > end) throw new HttpError(400, 'Invalid range: from is after to')
  if ((end - start) / DAY_MS + 1 > MAX_DAYS) throw new HttpError(400, `Invalid range: at most ${MAX_DAYS} days`)

  const rows = await db.query(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, type, wallet, method, namespace, was_connected, error_code, count(*)::integer AS n
       FROM analytics_events
      WHERE project_id = $1 AND day BETWEEN $2::date AND $3::date
      GROUP BY day, type, wallet, method, namespace, was_connected, error_code`,
    [projectId, from, to],
  )
  const byDay = new Map()
  for (let ms = start; ms <= end; ms += DAY_MS) byDay.set(new Date(ms).toISOString().slice(0, 10), emptyCounts())
  const totals = emptyCounts()
  const funnel = { opened: 0, connected: 0 }
  for (const row of rows) {
    const day = byDay.get(row.day)
    if (day === undefined) continue
    count(day, row, row.n)
    count(totals, row, row.n)
    if (row.type === 'MODAL_OPEN' && row.was_connected !== true) funnel.opened += row.n
    if (row.type === 'CONNECT_SUCCESS') funnel.connected += row.n
  }
  return { days: [...byDay].map(([day, counts]) => ({ day, ...counts })), totals, funnel }
}
