import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AuthContext, Project, RouteHandler } from './context.d.mts'
import type { Database } from '../../server/db/database.d.mts'

export type { AuthContext, AuthProvider, AuthUser, Project, RouteHandler } from './context.d.mts'

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
/** 403 for a page origin the project does not allow. */
export const ORIGIN_NOT_ALLOWED: 'Unauthorized: origin not allowed'

/** A plugged-in route module's handler; `close()`, when present, is called by stop(). */
export type PluggedRouteHandler = RouteHandler & { close?(): void | Promise<void> }

export interface AuthServiceOptions {
  /** Default: a free port. The service listens on 127.0.0.1 only. */
  port?: number
  /** Where the mail goes (plain SMTP, no auth): the SMTP sink locally. */
  smtp: { host: string; port: number }
  /** The projects served, by project id. */
  projects: Record<string, Project>
  /** The secure frame's origins: the only browser origins CORS lets call this service. */
  frameOrigins: string[]
  /** Default SESSION_TTL_SECONDS. */
  sessionTtlSeconds?: number
  /** The HS256 key (at least 32 bytes); default one made once and kept in the database, so a restart ends no session. */
  sessionSecret?: string | Uint8Array
  /** Default DEVICE_WAIT_MS. */
  deviceWaitMs?: number
  /** ms since the epoch, the clock of every expiry (default Date.now). */
  now?: () => number
  /**
   * Route modules (socials, Farcaster): each gets the AuthContext once the service listens. They are
   * tried after the service's own routes, in this order.
   */
  routes?: ((ctx: AuthContext) => PluggedRouteHandler)[]
  /** Where failures are written (default console.error). */
  log?: (line: string) => void
  /** Where everything it remembers lives (server/db); default a fresh in-memory database, closed by stop(). */
  db?: Database
  /** The URL clients reach the service at when not its own (a proxy or a load balancer in front of several instances): its links name it. */
  publicUrl?: string
  /** Mounted in another server (airlock-server): no listener of its own; requests come through `answer`, links name `baseUrl`. */
  mount?: { baseUrl: string }
}

export interface AuthService {
  /** `http://127.0.0.1:<port>`, also `context.baseUrl`. */
  url: string
  port: number
  context: AuthContext
  /** Answers one request (for a server that mounts the service). */
  answer(req: IncomingMessage, res: ServerResponse): Promise<void>
  /** Ends waiting requests, closes plugged-in modules, the mail transport and the server. */
  stop(): Promise<void>
}

export function startAuthService(options: AuthServiceOptions): Promise<AuthService>
