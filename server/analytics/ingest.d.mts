import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Database } from '../db/database.d.mts'

/** Requests allowed within `timeWindow` ms. */
export interface IngestLimit {
  max: number
  timeWindow: number
}

export interface IngestLimits {
  /** Per client IP (counted before the body is read). Default 120 a minute; false: not counted here (the host counts it). */
  perIp?: Partial<IngestLimit> | false
  /** Per project, whatever the IP. Default 6000 a minute; false: not counted. */
  perProject?: Partial<IngestLimit> | false
}

export const EVENTS_PATH: '/v1/analytics/events'
export const DEFAULT_INGEST_LIMITS: Readonly<{ perIp: Readonly<IngestLimit>; perProject: Readonly<IngestLimit> }>
/** POST /e's limits (SPEC §7 error reports): 60 per IP and 600 per project a minute. */
export const DEFAULT_ERROR_LIMITS: Readonly<{ perIp: Readonly<IngestLimit>; perProject: Readonly<IngestLimit> }>

/**
 * POST /v1/analytics/events?projectId=… (Fastify plugin): a page's public events, stored in
 * analytics_events; and POST /e?projectId&st&sv, the SDK's error reports (SPEC §7), in error_reports.
 */
export function analyticsIngest(
  app: FastifyInstance,
  options: {
    db: Database
    limits?: IngestLimits
    /** POST /e's limits, counted apart from the events' (DEFAULT_ERROR_LIMITS; false: not counted). */
    errorLimits?: IngestLimits
    /** The client's address for the per-IP limit (default: the connection's, normalised). */
    clientIp?: (request: FastifyRequest) => string
    /** A @fastify/rate-limit store class, used when the host has not registered @fastify/rate-limit (default: its in-memory store). */
    store?: unknown
    now?: () => number
  },
): Promise<void>
