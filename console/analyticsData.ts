/** The analytics answer made whole for the page: every day of the range (missing ones as zeros), totals of counts. */
import type { Analytics, AnalyticsDay } from './codecs'

export const METRICS = ['opens', 'connections', 'signIns', 'swaps', 'purchases', 'errors'] as const
export type Metric = (typeof METRICS)[number]

const DAY_MS = 86_400_000

/** 'YYYY-MM-DD' of a time, in UTC (the server's days). */
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** The last `n` days ending today, as a from/to pair. */
export function lastDays(n: number, now = Date.now()): { from: string; to: string } {
  return { from: isoDay(now - (n - 1) * DAY_MS), to: isoDay(now) }
}

export const emptyDay = (day: string): AnalyticsDay => ({
  day,
  opens: 0,
  connections: 0,
  byWallet: {},
  byMethod: {},
  byNamespace: {},
  signIns: 0,
  swaps: 0,
  purchases: 0,
  errors: {},
})

/** Every day from `from` to `to` (at most 366), the answer's where it has one. */
export function fillDays(analytics: Analytics, from: string, to: string): AnalyticsDay[] {
  const byDay = new Map(analytics.days.map((d) => [d.day, d]))
  const days: AnalyticsDay[] = []
  const end = Date.parse(`${to}T00:00:00Z`)
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && days.length < 366; t += DAY_MS) days.push(byDay.get(isoDay(t)) ?? emptyDay(isoDay(t)))
  return days
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0)

/** A day's figure for a metric (errors: all codes together). */
export const value = (day: AnalyticsDay, metric: Metric): number => (metric === 'errors' ? sum(day.errors) : day[metric])

/** A breakdown's entries, largest first. */
export const ranked = (counts: Record<string, number>): [string, number][] => Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))

export const isEmpty = (days: readonly AnalyticsDay[]): boolean => days.every((d) => METRICS.every((m) => value(d, m) === 0))
