// SDK error reports (SPEC §7 "Analytics error report", issue 28 §1): what a page's SDK posts when its
// own code fails (src/remote/analytics/errorReporter.ts), stored in error_reports (migration 0008)
// for the console's latest errors.
//
//   POST /e?projectId=…&st=…&sv=…   body { eventId, url, domain, timestamp, props: { type: 'error',
//     event, errorType, errorMessage, stackTrace } } (≤ 16 KiB)
//     → 204, with CORS naming the page's origin (a report sent twice is stored once)
//     | 401 "Unauthorized: invalid key" | 403 "Unauthorized: origin not allowed"
//     | 400 "Invalid error report: …" | 413 | 415 | 429 "Too many requests: please try again after N seconds"
//
// Registered by analyticsIngest (./ingest.mjs), with its project and origin check, its JSON-as-
// text/plain parser and its rate limits (their own counters: per IP and per project).
import * as t from 'io-ts'
import { isRight } from 'fp-ts/lib/Either.js'

export const ERRORS_PATH = '/e'
export const ERRORS_BODY_LIMIT = 16 * 1024
/** An error's time is the page's when it is within this much of the arrival, else the arrival's. */
const CLOCK_SLACK_MS = 7 * 24 * 60 * 60_000

/** A bounded string: at least `min` and at most `max` characters. */
const bounded = (max, min = 1) => t.refinement(t.string, (s) => s.length >= min && s.length <= max, `a string of ${min} to ${max} characters`)
const Millis = t.refinement(t.number, (n) => Number.isSafeInteger(n) && n >= 0, 'Millis')
const HttpUrl = t.refinement(bounded(2048), (s) => /^https?:\/\/[^\s]+$/.test(s), 'an http or https URL')

export const ErrorReportBody = t.type(
  {
    eventId: t.refinement(bounded(64), (s) => /^[A-Za-z0-9-]+$/.test(s), 'an event id'),
    url: HttpUrl,
    domain: bounded(253),
    timestamp: Millis,
    props: t.type({
      type: t.literal('error'),
      event: bounded(64),
      errorType: bounded(100),
      errorMessage: bounded(2000, 0),
      stackTrace: bounded(8000, 0),
    }),
  },
  'ErrorReportBody',
)

/** The SDK's type and version (`st`, `sv`): short printable text. */
const SDK_FIELD = /^[\x21-\x7e]{1,100}$/

/** The decoded report, or undefined when the body or the query's st and sv are not a report's. */
export function decodeErrorReport(body, query) {
  const decoded = ErrorReportBody.decode(body)
  if (!isRight(decoded) || !SDK_FIELD.test(query?.st ?? '') || !SDK_FIELD.test(query?.sv ?? '')) return undefined
  return { ...decoded.right, sdkType: query.st, sdkVersion: query.sv }
}

/**
 * Registers POST /e (and its OPTIONS) on `app`. `allowedProject(request, reply)` answers the
 * project (401/403 otherwise, CORS set); `limit(request, reply, which)` throws 429 past the 'ip'
 * (before the body is read) or 'project' limit; `HttpError` the server's error class.
 */
export function registerErrorReports(app, { db, allowedProject, limit, HttpError, now }) {
  app.post(ERRORS_PATH, { bodyLimit: ERRORS_BODY_LIMIT, onRequest: async (request, reply) => limit(request, reply, 'ip') }, async (request, reply) => {
    const project = await allowedProject(request, reply)
    await limit(request, reply, 'project')
    const report = decodeErrorReport(request.body, request.query)
    if (report === undefined)
      throw new HttpError(
        400,
        'Invalid error report: expected { eventId, url, domain, timestamp, props: { type: "error", event, errorType, errorMessage, stackTrace } } with st and sv',
      )
    const receivedAt = now()
    const at = Math.abs(report.timestamp - receivedAt) <= CLOCK_SLACK_MS ? report.timestamp : receivedAt
    const { props } = report
    await db.query(
      `INSERT INTO error_reports (project_id, event_id, at, received_at, origin, url, domain, sdk_type, sdk_version, event, error_type, error_message, stack_trace)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (project_id, event_id) DO NOTHING`,
      [
        project.id,
        report.eventId,
        at,
        receivedAt,
        project.origin,
        report.url,
        report.domain,
        report.sdkType,
        report.sdkVersion,
        props.event,
        props.errorType,
        props.errorMessage,
        props.stackTrace,
      ],
    )
    return reply.code(204).send()
  })

  app.options(ERRORS_PATH, { config: { allow405: false } }, async (request, reply) => {
    await allowedProject(request, reply)
    return reply
      .code(204)
      .headers({ 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'Content-Type', 'access-control-max-age': '600' })
      .send()
  })
}

/** The latest `limit` reports of a project, newest first (the console's list). */
export async function latestErrors(db, projectId, limit = 20) {
  const rows = await db.query(
    `SELECT at, url, domain, sdk_version, event, error_type, error_message, stack_trace FROM error_reports WHERE project_id = $1 ORDER BY at DESC, id DESC LIMIT $2`,
    [projectId, limit],
  )
  return rows.map((row) => ({
    at: Number(row.at),
    url: row.url,
    domain: row.domain,
    sdkVersion: row.sdk_version,
    event: row.event,
    errorType: row.error_type,
    errorMessage: row.error_message,
    stackTrace: row.stack_trace,
  }))
}
