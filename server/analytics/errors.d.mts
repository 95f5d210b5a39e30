import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type * as t from 'io-ts'
import type { Database } from '../db/database.d.mts'

export const ERRORS_PATH: '/e'
export const ERRORS_BODY_LIMIT: number
/** SPEC §7's error report body. */
export const ErrorReportBody: t.Type<{
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: { type: 'error'; event: string; errorType: string; errorMessage: string; stackTrace: string }
}>
export type ErrorReport = t.TypeOf<typeof ErrorReportBody> & { sdkType: string; sdkVersion: string }

/** The decoded report, or undefined when the body or the query's st and sv are not a report's. */
export function decodeErrorReport(body: unknown, query: unknown): ErrorReport | undefined

/** Registers POST /e and its OPTIONS (analyticsIngest does, with its project check and limits). */
export function registerErrorReports(
  app: FastifyInstance,
  options: {
    db: Database
    allowedProject: (request: FastifyRequest, reply: FastifyReply) => Promise<{ id: string; origin: string }>
    limit: (request: FastifyRequest, reply: FastifyReply, which: 'ip' | 'project') => Promise<void>
    HttpError: new (status: number, message: string) => Error
    now: () => number
  },
): void

export interface LatestError {
  at: number
  url: string
  domain: string
  sdkVersion: string
  event: string
  errorType: string
  errorMessage: string
  stackTrace: string
}

/** The latest `limit` (default 20) reports of a project, newest first. */
export function latestErrors(db: Database, projectId: string, limit?: number): Promise<LatestError[]>
