// Rate limiting for airlock-server (issue 24 §4): @fastify/rate-limit over the database store
// (./store.mjs), applied by two hooks on the whole app to the requests RATE_LIMITED_ROUTES names
// (./limits.mjs): one table of what is limited, over routes of several plugins (the auth service,
// the SIWX sessions service, analytics), none of which needs to know. A request is matched by its
// route's pattern; under a wildcard route or none (a 404), by its path as the URL parser
// normalises it (`/v1/email/./otp` is `/v1/email/otp`), so no spelling of a path slips past.
// Limits by IP and by session are counted when the request arrives (onRequest, before its body is
// read); limits by the body's email once Fastify has parsed the body (preHandler). Over a limit: 429 `{ message }` with Retry-After
// (seconds), and the request goes no further. Its IP is counted first: a client past its IP's
// limit spends nothing of an address's.
import fastifyRateLimit from '@fastify/rate-limit'
import { createHash } from 'node:crypto'
import { HttpError } from '../http.mjs'
import { clientIpOf } from './clientIp.mjs'
import { RATE_LIMITED_ROUTES, RATE_LIMITS } from './limits.mjs'
import { databaseStore, rateLimitCounter } from './store.mjs'

/** The 429's message. */
export const tooManyRequests = (seconds) => `Too many requests: please try again after ${seconds} seconds`

/** The longest email counted as an address (RFC 5321's path limit); a longer one is no address. */
const MAX_EMAIL = 254

/** The request's JSON body (Fastify's parse) as an object, else undefined. */
function bodyOf(request) {
  const body = request.body
  return typeof body === 'object' && body !== null ? body : undefined
}

/** What each kind of limit counts a request by (undefined: the request has none, and is not counted by it). */
const KEYS = {
  ip: (request, clientIp) => clientIp(request),
  session: (request) => {
    const authorization = request.headers.authorization
    return typeof authorization === 'string' ? createHash('sha256').update(authorization).digest('base64url') : undefined
  },
  email: (request) => {
    const email = bodyOf(request)?.email
    if (typeof email !== 'string') return undefined
    const address = email.trim().toLowerCase()
    return address.length > 0 && address.length <= MAX_EMAIL ? address : undefined
  },
}

/**
 * Registers rate limiting on `app` (the root app, before the routes it covers). `db` keeps the
 * counts, `now` is their clock, `trustProxy` the setting (./clientIp.mjs), `limits` replaces some
 * of RATE_LIMITS (a benchmark, a test).
 */
export async function registerRateLimits(app, { db, now = Date.now, trustProxy = false, limits = {} }) {
  const counter = rateLimitCounter({ db, now })
  await app.register(fastifyRateLimit, { global: false, store: databaseStore(counter) })
  const clientIp = clientIpOf(trustProxy)
  const merged = { ...RATE_LIMITS, ...limits }

  /** 'METHOD /path' → { early, late }: the checks counted on arrival and after the body. */
  const routes = new Map()
  for (const [route, entries] of Object.entries(RATE_LIMITED_ROUTES)) {
    const checks = { early: [], late: [] }
    for (const [name, by] of entries) {
      const { max, windowMs } = merged[name]
      const keyOf = (request) => KEYS[by](request, clientIp)
      const limit = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (request) => `${name}:${by}:${keyOf(request)}` })
      checks[by === 'email' ? 'late' : 'early'].push({ keyOf, limit })
    }
    routes.set(route, checks)
  }

  const routeOf = (request) => {
    // Fastify answers HEAD with the GET route's handler: it counts as a GET.
    const method = request.method === 'HEAD' ? 'GET' : request.method
    const pattern = request.routeOptions?.url
    const byPattern = routes.get(`${method} ${pattern}`)
    if (byPattern || (pattern !== undefined && !pattern.includes('*'))) return byPattern
    // A wildcard route's or no route's: the path as the URL parser normalises it.
    if (!request.url.startsWith('/') || !URL.canParse(`http://localhost${request.url}`)) return undefined
    return routes.get(`${method} ${new URL(`http://localhost${request.url}`).pathname}`)
  }

  const enforce = (stage) => async (request, reply) => {
    const checks = routeOf(request)?.[stage]
    if (checks === undefined) return
    for (const { keyOf, limit } of checks) {
      if (keyOf(request) === undefined) continue
      const { isExceeded, ttlInSeconds } = await limit(request)
      if (isExceeded) {
        const seconds = Math.max(1, ttlInSeconds)
        reply.header('retry-after', String(seconds))
        throw new HttpError(429, tooManyRequests(seconds))
      }
    }
  }
  app.addHook('onRequest', enforce('early'))
  app.addHook('preHandler', enforce('late'))
  return { counter }
}
