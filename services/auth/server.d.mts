import type { FastifyInstance } from 'fastify'
import type { AuthContext, AuthRouteModule, Project } from './context.d.mts'
import type { Database } from '../../server/db/database.d.mts'

export type { AuthContext, AuthProvider, AuthRouteModule, AuthUser, Project } from './context.d.mts'

/** `Airlock <login@airlock.local>`: the sender of every email. */
export const MAIL_FROM: string
/** A one-time code lives 10 minutes… */
export const CODE_TTL_MS: number
/** …and dies after 5 wrong tries (later tries answer `Code expired`). */
export const CODE_TRIES: number
/** /v1/email/connect mails an address at most once per 30 s (SPEC §5). */
export const EMAIL_COOLDOWN_MS: number
/** How long /v1/email/device waits for the approval link (20 s). */
export const DEVICE_WAIT_MS: number
/** A session token lives 7 days unless `sessionTtlSeconds` says otherwise. */
export const SESSION_TTL_SECONDS: number
/** 401 for a token whose nbf is ahead of the service's clock (SPEC §8: Session Expired). */
export const NOT_YET_VALID: 'JWT validation error: JWT Token is not yet valid'
/** 401 for an expired, revoked, forged or missing token. */
export const SESSION_EXPIRED: 'Session expired'
/** 401 for an unknown project (404 on /v1/projects/{id}). */
export const INVALID_KEY: 'Unauthorized: invalid key'
/** How long a project read from the database is used before it is read again (another instance's change shows within it). */
export const PROJECT_CACHE_MS: number
/** Projects read through `store`, each kept PROJECT_CACHE_MS, 1,000 at most; an id of no project's shape is undefined without asking. */
export function projectCache<P>(
  store: { project(id: string): Promise<P | undefined> },
  now: () => number,
): { get(projectId: unknown): Promise<P | undefined>; forget(projectId: string): void }
/** 403 for a page origin the project does not allow. */
export const ORIGIN_NOT_ALLOWED: 'Unauthorized: origin not allowed'
/** The largest body read (64 KB): 413 "The body is too large" past it. */
export const MAX_BODY_BYTES: number

/** What the service is made of, standalone or in another server's app. */
export interface AuthRoutesOptions {
  /** Where the mail goes (plain SMTP, no auth): the SMTP sink locally. */
  smtp: { host: string; port: number }
  /** Projects written to the database at start, by project id. */
  projects: Record<string, Project>
  /** The secure frame's origins: the only browser origins CORS lets call this service (a function: read at each request). */
  frameOrigins: string[] | (() => string[])
  /** The service's public URL, which its links name (a function: read when needed, once the server listens). */
  baseUrl: string | (() => string)
  /** Default SESSION_TTL_SECONDS. */
  sessionTtlSeconds?: number
  /** The HS256 key (at least 32 bytes); default one made once and kept in the database, so a restart ends no session. */
  sessionSecret?: string | Uint8Array
  /** Default DEVICE_WAIT_MS. */
  deviceWaitMs?: number
  /** ms since the epoch, the clock of every expiry (default Date.now). */
  now?: () => number
  /**
   * Route modules (socials, Farcaster): each factory gets the AuthContext at start, and its module
   * registers its routes beside the service's own (a path is one module's: Fastify refuses a second).
   */
  routes?: ((ctx: AuthContext) => AuthRouteModule)[]
  /** Where failures are written (default console.error). */
  log?: (line: string) => void
  /** Where everything it remembers lives (server/db); default a fresh in-memory database, closed with the app. */
  db?: Database
}

/**
 * The auth service as a Fastify plugin: `app.register(authRoutes, options)`. Its routes live in a
 * scope of their own with the service's CORS hook and body limit; errors are `{ message }` by the
 * app's error handler (server/http.mjs). Waiting requests end and modules close when the app closes.
 */
export function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void>

export interface AuthServiceOptions extends Omit<AuthRoutesOptions, 'baseUrl' | 'frameOrigins'> {
  /** Default: a free port. The service listens on 127.0.0.1 only. */
  port?: number
  /** The secure frame's origins: the only browser origins CORS lets call this service. */
  frameOrigins: string[]
  /** The URL clients reach the service at when not its own (a proxy or a load balancer in front of several instances): its links name it. */
  publicUrl?: string
}

export interface AuthService {
  /** `http://127.0.0.1:<port>` (or `publicUrl`), also `context.baseUrl`. */
  url: string
  port: number
  context: AuthContext
  /** Ends waiting requests, closes plugged-in modules, the mail transport and the server. */
  stop(): Promise<void>
}

/** Runs the service alone on 127.0.0.1: an app of server/http.mjs createApp with the plugin, listening. */
export function startAuthService(options: AuthServiceOptions): Promise<AuthService>
