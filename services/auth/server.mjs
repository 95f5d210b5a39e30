// The auth service of the embedded wallet (API.md): projects and their allowed origins, email
// sign-in by one-time code over real SMTP, device approval, sessions, email update and the
// wallet's recovery record. The secure frame is its only client. Socials and Farcaster live in
// their own modules, plugged in through `routes`: each factory gets the AuthContext
// (context.d.mts) and returns a route module that registers its routes on the service's scope.
//
// A Fastify plugin, `authRoutes(app, options)`: airlock-server registers it in its app, and
// `startAuthService` runs it alone (createApp + the plugin + listen). Its routes are registered
// natively in one scope of its own: bodies are read by the app's JSON parser within MAX_BODY_BYTES,
// errors answer `{ message }` (server/http.mjs HttpError), and an onRequest hook of the scope applies
// the service's CORS rules (cors.mjs): a preflight or a foreign page's write is answered there. A
// route module that carries a `close()` is closed when the app closes.
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
// `now` is the clock of every expiry, so tests can move it.
import { createCodes, createCooldowns } from './codes.mjs'
import { corsHook, preflightRoutes } from './cors.mjs'
import { emailRoutes } from './email.mjs'
import { createMailer } from './mailer.mjs'
import { DEFAULT_ALLOWED_ORIGINS, originAllowed } from './origins.mjs'
import { createSessions, sessionRoutes } from './sessions.mjs'
import { createStore } from './store.mjs'
import { walletRoutes } from './wallet.mjs'
import { openDatabase } from '../../server/db/database.mjs'
import { createApp, listen } from '../../server/http.mjs'

export { MAIL_FROM } from './mailer.mjs'
export { CODE_TRIES, CODE_TTL_MS, EMAIL_COOLDOWN_MS } from './codes.mjs'
export { DEVICE_WAIT_MS } from './email.mjs'
export { NOT_YET_VALID, SESSION_EXPIRED, SESSION_TTL_SECONDS } from './sessions.mjs'

export const INVALID_KEY = 'Unauthorized: invalid key'
/** How long a project read from the database is used before it is read again. */
export const PROJECT_CACHE_MS = 2000
export const ORIGIN_NOT_ALLOWED = 'Unauthorized: origin not allowed'
/** The largest JSON body read (a wallet backup is a few hundred bytes). */
export const MAX_BODY_BYTES = 64 * 1024

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

/**
 * A project id's shape, as the secure frame checks it (services/frame/server.mjs): the console's
 * 32 hex characters, and the names a config file gives (`airlock-demo`). Anything else is no
 * project, without asking the store: `npm run fuzz` found GET /v1/projects/%00 answered 500, the
 * NUL refused by the database (seed 2101089732).
 */
const PROJECT_ID = /^[A-Za-z0-9_-]{1,128}$/
/** The most projects the cache keeps (hits and misses); the oldest goes first. Ids from the outside must not grow it without end. */
const PROJECT_CACHE_SIZE = 1000

/** Projects read through the store, each kept for PROJECT_CACHE_MS, PROJECT_CACHE_SIZE at most. */
export function projectCache(store, now) {
  const cached = new Map()
  return {
    async get(projectId) {
      if (typeof projectId !== 'string' || !PROJECT_ID.test(projectId)) return undefined
      const hit = cached.get(projectId)
      if (hit && now() - hit.at < PROJECT_CACHE_MS && now() >= hit.at) return hit.project
      const project = await store.project(projectId)
      cached.delete(projectId)
      cached.set(projectId, { at: now(), project })
      if (cached.size > PROJECT_CACHE_SIZE) cached.delete(cached.keys().next().value)
      return project
    },
    forget: (projectId) => void cached.delete(projectId),
  }
}

/** A value given as itself or as a function that reads it when needed (known once a server listens). */
const reader = (value) => (typeof value === 'function' ? value : () => value)

function checkFrameOrigins(values) {
  return new Set(
    values.map((value) => {
      const origin = serialisedOrigin(value)
      if (!origin) throw new TypeError(`Not an origin: ${value}`)
      return origin
    }),
  )
}

/**
 * The service without its HTTP: the database rows of `projects`, the AuthContext, and `plugin`,
 * which registers every route (its own and the modules') on a Fastify scope. `close()` ends waiting
 * requests and closes the modules, the mail transport and a database it opened itself.
 */
async function createAuthService(options) {
  const {
    smtp,
    sessionTtlSeconds,
    sessionSecret,
    deviceWaitMs,
    now = () => Date.now(),
    routes = [],
    log = (line) => console.error(line),
    db: givenDb,
  } = options
  if (!smtp || typeof smtp.host !== 'string' || !Number.isInteger(smtp.port)) throw new TypeError('smtp { host, port } is required')
  if (options.baseUrl === undefined) throw new TypeError('baseUrl is required')
  const projects = checkProjects(options.projects)
  const baseUrl = reader(options.baseUrl)
  // Checked now when given as a list; when read later, checked at each read.
  const frameOrigins =
    typeof options.frameOrigins === 'function' ? () => checkFrameOrigins(options.frameOrigins()) : reader(checkFrameOrigins(options.frameOrigins ?? []))

  const db = givenDb ?? (await openDatabase())
  const store = createStore({ db, now })
  for (const [id, project] of projects) await store.putProject(id, project)
  const cache = projectCache(store, now)
  const sessions = createSessions({ db, secret: sessionSecret, ttlSeconds: sessionTtlSeconds, now })
  const mailer = createMailer(smtp)
  const notSent = (reply) => !reply.sent && !reply.raw.destroyed

  /** @type {import('./context.d.mts').AuthContext} */
  const context = {
    get baseUrl() {
      return baseUrl().replace(/\/+$/, '')
    },
    now,
    db,
    log,
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
    async caller(request, reply) {
      const projectId = request.headers['x-airlock-project']
      const origin = request.headers['x-airlock-origin']
      if (typeof projectId !== 'string' || (await cache.get(projectId)) === undefined) return void context.sendError(reply, 401, INVALID_KEY)
      if (typeof origin !== 'string' || !(await context.projects.isAllowedOrigin(projectId, origin)))
        return void context.sendError(reply, 403, ORIGIN_NOT_ALLOWED)
      return { projectId, origin }
    },
    readJson: async (request) => request.body,
    sendJson(reply, status, body) {
      if (notSent(reply)) reply.code(status).send(body)
    },
    sendError: (reply, status, message) => context.sendJson(reply, status, { message }),
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
  const modules = routes.map((factory) => factory(context))

  async function plugin(scope) {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit ??= MAX_BODY_BYTES
    })
    scope.addHook('onRequest', corsHook({ frameOrigins, ownOrigin: () => new URL(context.baseUrl).origin }))
    const preflights = preflightRoutes(scope)
    scope.get('/v1/projects/:projectId', async (request, reply) => {
      const { projectId } = request.params
      const project = typeof projectId === 'string' ? await cache.get(projectId) : undefined
      if (project) context.sendJson(reply, 200, project)
      else context.sendError(reply, 404, INVALID_KEY)
    })
    email.register(scope)
    sessionRoutes(scope, context, { sessions, store })
    walletRoutes(scope, context, { sessions, store })
    // Each module in a scope of its own (its body parsers stay its own), under this one's hooks.
    for (const module of modules) await scope.register(async (child) => module(child))
    preflights.register()
  }

  let ending
  let closing
  /** Ends the requests that wait (a device approval, a Farcaster channel), so they answer at once, and closes the modules. */
  const endWaits = () =>
    (ending ??= (async () => {
      email.close()
      await Promise.allSettled(modules.map(async (module) => module.close?.()))
    })())
  return {
    context,
    plugin,
    endWaits,
    close() {
      closing ??= (async () => {
        await endWaits()
        mailer.close()
        // A database it opened itself is its to close; one it was given is the caller's.
        if (givenDb === undefined) await db.close()
      })()
      return closing
    },
  }
}

/**
 * The auth service as a Fastify plugin (see server.d.mts AuthRoutesOptions): its routes in a scope
 * of their own, closed with the app.
 */
export async function authRoutes(app, options) {
  const service = await createAuthService(options)
  app.addHook('preClose', () => service.endWaits())
  app.addHook('onClose', () => service.close())
  await app.register(service.plugin)
}

/** Starts the auth service alone on 127.0.0.1; see server.d.mts. */
export async function startAuthService(options) {
  const { port = 0, publicUrl, log = (line) => console.error(line) } = options
  let listening
  const service = await createAuthService({ ...options, baseUrl: publicUrl ?? (() => listening) })
  const app = createApp({ bodyLimit: MAX_BODY_BYTES, log })
  app.addHook('preClose', () => service.endWaits())
  try {
    await app.register(service.plugin)
    const { url, port: actualPort } = await listen(app, { port })
    listening = url
    let stopping
    return {
      url: service.context.baseUrl,
      port: actualPort,
      context: service.context,
      stop() {
        stopping ??= (async () => {
          await app.close()
          await service.close()
        })()
        return stopping
      },
    }
  } catch (error) {
    await app.close().catch(() => undefined)
    await service.close()
    throw error
  }
}
