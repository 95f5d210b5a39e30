// The auth service of the embedded wallet (API.md): projects and their allowed origins, email
// sign-in by one-time code over real SMTP, device approval, sessions, email update and the
// wallet's recovery record. The secure frame is its only client. Socials and Farcaster live in
// their own modules, plugged in through `routes`: each factory gets the AuthContext
// (context.d.mts) and returns a RouteHandler.
//
// A request goes: CORS (a preflight or a foreign page's write is answered there), then the
// service's own routes, then each plugged-in handler in the order given, then 404. The service's
// paths are fixed and few, so a module cannot shadow them by accident, and a module's catch-all
// (an OpenID provider under /oidc) sees only what is left. A RouteHandler that carries a
// `close()` is closed by stop().
//
// Every /v1 call but /v1/projects/* and /v1/device/approve names its project and page origin
// (X-Airlock-Project, X-Airlock-Origin): an unknown project is 401 "Unauthorized: invalid key",
// an origin the project does not allow (its patterns plus SPEC §5's defaults, origins.mjs) is 403
// "Unauthorized: origin not allowed" (SPEC §8 maps both to Invalid App Configuration).
//
// What it remembers is in its database (`db`, server/db; a fresh in-memory one when none is
// given): a restart, or another instance on the same PostgreSQL, loses nothing. `projects` given
// are written there at start; a project is read from the database at most PROJECT_CACHE_MS after
// it changed (another instance's change is seen within that delay).
//
// Loopback only, on the port given or a free one; `now` is the clock of every expiry, so tests
// can move it.
import { createServer } from 'node:http'
import { createCodes, createCooldowns } from './codes.mjs'
import { emailRoutes } from './email.mjs'
import { HttpError, applyCors, readJson, sendError, sendJson } from './http.mjs'
import { createMailer } from './mailer.mjs'
import { DEFAULT_ALLOWED_ORIGINS, originAllowed } from './origins.mjs'
import { createSessions, sessionRoutes } from './sessions.mjs'
import { createStore } from './store.mjs'
import { openDatabase } from '../../server/db/database.mjs'
import { walletRoutes } from './wallet.mjs'

export { MAIL_FROM } from './mailer.mjs'
export { CODE_TRIES, CODE_TTL_MS, EMAIL_COOLDOWN_MS } from './codes.mjs'
export { DEVICE_WAIT_MS } from './email.mjs'
export { NOT_YET_VALID, SESSION_EXPIRED, SESSION_TTL_SECONDS } from './sessions.mjs'

export const INVALID_KEY = 'Unauthorized: invalid key'
/** How long a project read from the database is used before it is read again. */
export const PROJECT_CACHE_MS = 2000
export const ORIGIN_NOT_ALLOWED = 'Unauthorized: origin not allowed'

/** A serialised origin (`scheme://host[:port]`), or undefined. */
function serialisedOrigin(value) {
  try {
    const { origin } = new URL(value)
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

function checkProjects(projects) {
  const entries = Object.entries(projects ?? {})
  for (const [id, project] of entries) {
    const valid =
      Array.isArray(project?.allowedOrigins) &&
      project.allowedOrigins.every((pattern) => typeof pattern === 'string') &&
      Array.isArray(project.smartAccountEnabledNetworks) &&
      project.smartAccountEnabledNetworks.every((chainId) => Number.isSafeInteger(chainId) && chainId > 0)
    if (!valid) throw new TypeError(`Project ${id}: allowedOrigins (strings) and smartAccountEnabledNetworks (chain ids) are required`)
  }
  return entries.map(([id, project]) => [
    id,
    { allowedOrigins: [...project.allowedOrigins], smartAccountEnabledNetworks: [...project.smartAccountEnabledNetworks] },
  ])
}

/** Projects read through the store, each kept for PROJECT_CACHE_MS. */
function projectCache(store, now) {
  const cached = new Map()
  return {
    async get(projectId) {
      const hit = cached.get(projectId)
      if (hit && now() - hit.at < PROJECT_CACHE_MS && now() >= hit.at) return hit.project
      const project = await store.project(projectId)
      cached.set(projectId, { at: now(), project })
      return project
    },
    forget: (projectId) => void cached.delete(projectId),
  }
}

/** Start the auth service on 127.0.0.1; see server.d.mts. */
export async function startAuthService(options) {
  const {
    port = 0,
    smtp,
    frameOrigins = [],
    sessionTtlSeconds,
    sessionSecret,
    deviceWaitMs,
    now = () => Date.now(),
    routes = [],
    log = (line) => console.error(line),
    db: givenDb,
  } = options
  if (!smtp || typeof smtp.host !== 'string' || !Number.isInteger(smtp.port)) throw new TypeError('smtp { host, port } is required')
  const projects = checkProjects(options.projects)
  const frames = new Set(
    frameOrigins.map((value) => {
      const origin = serialisedOrigin(value)
      if (!origin) throw new TypeError(`Not an origin: ${value}`)
      return origin
    }),
  )

  let handlers = []
  // Mounted (airlock-server): no server of its own; its requests come through `answer`, its links name `baseUrl`.
  const mounted = options.mount !== undefined
  const server = mounted ? undefined : createServer((req, res) => void answer(req, res))
  if (server) {
    await new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  }
  const actualPort = server ? server.address().port : new URL(options.mount.baseUrl).port
  // Behind a proxy (or a load balancer in front of several instances), links name its URL.
  const publicUrl = options.mount?.baseUrl ?? options.publicUrl
  const baseUrl = publicUrl === undefined ? `http://127.0.0.1:${actualPort}` : publicUrl.replace(/\/+$/, '')

  const db = givenDb ?? (await openDatabase())
  const store = createStore({ db, now })
  for (const [id, project] of projects) await store.putProject(id, project)
  const cache = projectCache(store, now)
  const sessions = createSessions({ db, secret: sessionSecret, ttlSeconds: sessionTtlSeconds, now })
  const mailer = createMailer(smtp)

  /** @type {import('./context.d.mts').AuthContext} */
  const context = {
    baseUrl,
    now,
    db,
    projects: {
      get: (projectId) => cache.get(projectId),
      async isAllowedOrigin(projectId, origin) {
        const project = await cache.get(projectId)
        return project !== undefined && originAllowed([...project.allowedOrigins, ...DEFAULT_ALLOWED_ORIGINS], origin)
      },
      async put(projectId, project) {
        await store.putProject(projectId, project)
        cache.forget(projectId)
      },
    },
    users: { findOrCreateSocial: (identity) => store.findOrCreateSocial(identity) },
    sessions: { issue: (user) => sessions.issue(user) },
    async caller(req, res) {
      const projectId = req.headers['x-airlock-project']
      const origin = req.headers['x-airlock-origin']
      if (typeof projectId !== 'string' || (await cache.get(projectId)) === undefined) return void sendError(res, 401, INVALID_KEY)
      if (typeof origin !== 'string' || !(await context.projects.isAllowedOrigin(projectId, origin))) return void sendError(res, 403, ORIGIN_NOT_ALLOWED)
      return { projectId, origin }
    },
    readJson,
    sendJson,
    sendError,
  }

  const projectRoute = async (req, res, url) => {
    if (!url.pathname.startsWith('/v1/projects/')) return false
    if (req.method !== 'GET') {
      res.setHeader('allow', 'GET')
      sendError(res, 405, 'Method not allowed')
      return true
    }
    let projectId
    try {
      projectId = decodeURIComponent(url.pathname.slice('/v1/projects/'.length))
    } catch {
      projectId = undefined
    }
    const project = projectId === undefined ? undefined : await cache.get(projectId)
    if (project) sendJson(res, 200, project)
    else sendError(res, 404, INVALID_KEY)
    return true
  }

  const email = emailRoutes(context, {
    store,
    sessions,
    codes: createCodes({ db, now }),
    cooldowns: createCooldowns({ db, now }),
    mailer,
    deviceWaitMs,
    log,
  })
  const own = [projectRoute, email.handle, sessionRoutes(context, { sessions, store }), walletRoutes(context, { sessions, store })]
  const plugged = routes.map((factory) => factory(context))
  handlers = [...own, ...plugged]

  async function answer(req, res) {
    try {
      if (!req.url?.startsWith('/')) throw new HttpError(400, 'Bad request target')
      const url = new URL(`${baseUrl}${req.url}`)
      if (applyCors(req, res, url, { frameOrigins: frames, ownOrigin: baseUrl })) return
      for (const handle of handlers) {
        if (await handle(req, res, url)) return
      }
      if (!res.headersSent) sendError(res, 404, 'Not found')
    } catch (error) {
      if (error instanceof HttpError) return sendError(res, error.status, error.message)
      log(`auth: ${req.method} ${req.url}: ${error?.stack ?? error}`)
      sendError(res, 500, 'Internal error')
    }
  }

  let stopping
  return {
    url: baseUrl,
    port: Number(actualPort),
    context,
    /** Answers one request (airlock-server mounts the service through it). */
    answer,
    stop() {
      stopping ??= (async () => {
        email.close()
        await Promise.allSettled(plugged.map(async (handler) => handler.close?.()))
        mailer.close()
        if (server) {
          server.closeAllConnections()
          await new Promise((resolve) => server.close(() => resolve()))
        }
        // A database it opened itself is its to close; one it was given is the caller's.
        if (givenDb === undefined) await db.close()
      })()
      return stopping
    },
  }
}
