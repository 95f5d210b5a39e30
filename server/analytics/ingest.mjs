// Analytics the site owns (issue 24 §3): the events a project's pages send with the `analytics`
// option (src/remote/analytics), stored in analytics_events for the console's per-day summary.
//
//   POST /v1/analytics/events?projectId=…   body { events: [{ type, at, payload }] } (1 to 100, ≤ 64 KiB)
//     → 204, with CORS naming the page's origin
//     | 401 "Unauthorized: invalid key" (no such project) | 403 "Unauthorized: origin not allowed"
//     | 400 "Invalid events: …" | 413 | 415 | 429 "Too many requests: please try again after N seconds"
//
// The body is JSON sent as text/plain (what navigator.sendBeacon and a fetch without preflight
// send) or application/json. Only a page whose Origin the project allows (its allowed origins and
// SPEC §5's defaults, as the config API answers) is heard: a request without an Origin, or from
// another site, stores nothing. Two rate limits (@fastify/rate-limit): per IP, counted before the
// body is read, so a flood is cut cheaply; and per project, so many IPs together cannot fill one
// project's table. They count in the host's rate-limit store when it registered @fastify/rate-limit
// (airlock-server: in the database, shared by the instances), else in `store` or in memory.
//
// The same plugin serves SPEC §7's SDK error reports, POST /e (./errors.mjs), with the same
// project and origin check and rate limits of their own (DEFAULT_ERROR_LIMITS).
import rateLimit, { normalizeIP } from '@fastify/rate-limit'
import { DEFAULT_ALLOWED_ORIGINS, originAllowed } from '../../services/auth/origins.mjs'
import { HttpError } from '../http.mjs'
import { decodeEvents, rowOf } from './events.mjs'
import { registerErrorReports } from './errors.mjs'

export const EVENTS_PATH = '/v1/analytics/events'
const BODY_LIMIT = 64 * 1024
const INVALID_KEY = 'Unauthorized: invalid key'
const ORIGIN_NOT_ALLOWED = 'Unauthorized: origin not allowed'

/**
 * Requests per IP and per project within `timeWindow` ms. A page sends a batch every 10 s at most
 * (or when 20 events are queued, or when it is hidden), so 120 a minute leaves room for several
 * visitors behind one address.
 */
export const DEFAULT_INGEST_LIMITS = Object.freeze({
  perIp: Object.freeze({ max: 120, timeWindow: 60_000 }),
  perProject: Object.freeze({ max: 6000, timeWindow: 60_000 }),
})

/**
 * Error reports per IP and per project within `timeWindow` ms. A page sends at most 5 a minute
 * (SPEC §9's throttle), so 60 per IP leaves room for a dozen visitors behind one address.
 */
export const DEFAULT_ERROR_LIMITS = Object.freeze({
  perIp: Object.freeze({ max: 60, timeWindow: 60_000 }),
  perProject: Object.freeze({ max: 600, timeWindow: 60_000 }),
})

const COLUMNS = ['project_id', 'day', 'at', 'received_at', 'origin', 'type', 'wallet', 'method', 'namespace', 'was_connected', 'error_code', 'address_hash']

/** The 429's words (as server/rateLimit's). */
const tooManyRequests = (seconds) => `Too many requests: please try again after ${seconds} seconds`

/**
 * Fastify plugin. `db` the server's database; `limits` (DEFAULT_INGEST_LIMITS's shape; either
 * part optional, or false when the host counts it already, as airlock-server's table does per
 * IP); `clientIp` a request's client address (default: the connection's); `store` a
 * @fastify/rate-limit store class, used when the host has not registered @fastify/rate-limit
 * itself (then its `createRateLimit` and store serve); `now` the clock.
 */
export async function analyticsIngest(app, { db, limits = {}, errorLimits = {}, clientIp = (request) => normalizeIP(request.ip), store, now = Date.now }) {
  if (!app.hasDecorator('createRateLimit')) await app.register(rateLimit, { global: false, ...(store !== undefined && { store }) })
  const limiter = (limit, defaults, key) => (limit === false ? undefined : app.createRateLimit({ ...defaults, ...limit, keyGenerator: key }))
  const perIp = limiter(limits.perIp, DEFAULT_INGEST_LIMITS.perIp, (request) => `analytics:ip:${clientIp(request)}`)
  const perProject = limiter(limits.perProject, DEFAULT_INGEST_LIMITS.perProject, (request) => `analytics:project:${request.query.projectId.trim()}`)
  /** 429 with Retry-After when `limit` is exceeded (counting this request). */
  const enforce = async (limit, request, reply) => {
    if (limit === undefined) return
    const { isExceeded, ttlInSeconds } = await limit(request)
    if (!isExceeded) return
    const seconds = Math.max(1, ttlInSeconds)
    reply.header('retry-after', String(seconds))
    throw new HttpError(429, tooManyRequests(seconds))
  }

  // sendBeacon's and a simple fetch's body: JSON as text/plain, read by Fastify's JSON parser
  // (which refuses __proto__ and constructor keys).
  const json = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => json(request, body, done))

  /** The project the query names and whether the request's Origin is one it allows: 401, 403, or the project. */
  async function allowedProject(request, reply) {
    const id = typeof request.query?.projectId === 'string' ? request.query.projectId.trim() : ''
    const [project] = id === '' || id.length > 200 ? [] : await db.query('SELECT id, allowed_origins FROM projects WHERE id = $1', [id])
    if (!project) throw new HttpError(401, INVALID_KEY)
    const origin = request.headers.origin
    if (typeof origin !== 'string' || !originAllowed([...project.allowed_origins, ...DEFAULT_ALLOWED_ORIGINS], origin))
      throw new HttpError(403, ORIGIN_NOT_ALLOWED)
    reply.header('access-control-allow-origin', origin)
    return { id: project.id, origin }
  }

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('vary', 'Origin')
    return payload
  })

  app.post(
    EVENTS_PATH,
    // The IP is counted on arrival, before the body is read: a flood is cut cheaply.
    { bodyLimit: BODY_LIMIT, onRequest: async (request, reply) => enforce(perIp, request, reply) },
    async (request, reply) => {
      const project = await allowedProject(request, reply)
      await enforce(perProject, request, reply)
      const events = decodeEvents(request.body)
      if (events === undefined) throw new HttpError(400, 'Invalid events: expected { events: [{ type, at, payload }] } with 1 to 100 events')
      const receivedAt = now()
      const values = []
      const rows = events.map((event, index) => {
        const row = rowOf(event, receivedAt)
        values.push(
          project.id,
          row.day,
          row.at,
          receivedAt,
          project.origin,
          row.type,
          row.wallet,
          row.method,
          row.namespace,
          row.wasConnected,
          row.errorCode,
          row.addressHash,
        )
        return `(${COLUMNS.map((_, column) => `$${index * COLUMNS.length + column + 1}`).join(', ')})`
      })
      await db.query(`INSERT INTO analytics_events (${COLUMNS.join(', ')}) VALUES ${rows.join(', ')}`, values)
      return reply.code(204).send()
    },
  )

  const errorsPerIp = limiter(errorLimits.perIp, DEFAULT_ERROR_LIMITS.perIp, (request) => `errors:ip:${clientIp(request)}`)
  const errorsPerProject = limiter(
    errorLimits.perProject,
    DEFAULT_ERROR_LIMITS.perProject,
    (request) => `errors:project:${String(request.query.projectId).trim()}`,
  )
  registerErrorReports(app, {
    db,
    allowedProject,
    limit: (request, reply, which) => enforce(which === 'ip' ? errorsPerIp : errorsPerProject, request, reply),
    HttpError,
    now,
  })

  // A sender posting application/json asks first.
  app.options(EVENTS_PATH, { config: { allow405: false } }, async (request, reply) => {
    await allowedProject(request, reply)
    return reply
      .code(204)
      .headers({ 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'Content-Type', 'access-control-max-age': '600' })
      .send()
  })
}
