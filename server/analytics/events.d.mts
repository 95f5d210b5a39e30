/** At most this many events in one request. */
export const MAX_EVENTS: 100

export interface AnalyticsEventInput {
  type: string
  at: number
  payload: Record<string, unknown>
}

/** What one event keeps in analytics_events. */
export interface AnalyticsRow {
  day: string
  at: number
  type: string
  wallet: string | null
  method: string | null
  namespace: string | null
  wasConnected: boolean | null
  errorCode: string | null
  addressHash: string | null
}

/** The events of a body `{ events: [{ type, at, payload }] }` within the limits, or undefined. */
export function decodeEvents(body: unknown): AnalyticsEventInput[] | undefined
/** The row of one event that arrived at `receivedAt` (ms). */
export function rowOf(event: AnalyticsEventInput, receivedAt: number): AnalyticsRow
