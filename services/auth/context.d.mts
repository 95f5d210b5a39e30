// What the auth server (server.mjs) hands its route modules (social.mjs, farcaster.mjs).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Database } from '../../server/db/database.d.mts'

export type AuthProvider = 'email' | 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord' | 'farcaster'

export interface AuthUser {
  id: string
  email: string | null
  userName: string | null
  provider: AuthProvider
}

export interface Project {
  allowedOrigins: string[]
  smartAccountEnabledNetworks: number[]
}

export interface AuthContext {
  /** This service's origin, e.g. `http://127.0.0.1:5301`. */
  baseUrl: string
  /** ms since the epoch (tests move it). */
  now(): number
  /** The service's database (server/db). */
  db: Database
  /** Where failures are written. */
  log(line: string): void
  projects: {
    get(projectId: string): Promise<Project | undefined>
    /** The project's patterns plus SPEC §5's defaults. */
    isAllowedOrigin(projectId: string, origin: string): Promise<boolean>
    /** Creates or replaces a project's origins and smart-account networks (seen by every instance within PROJECT_CACHE_MS). */
    put(projectId: string, project: Project): Promise<void>
  }
  users: {
    /** The user of this social identity, made on first sight. */
    findOrCreateSocial(identity: { provider: AuthProvider; subject: string; userName: string | null; email: string | null }): Promise<AuthUser>
  }
  sessions: {
    /** A signed session token for `user`. */
    issue(user: AuthUser): Promise<string>
  }
  /**
   * The checked caller of a `/v1/*` request: its project and page origin (headers
   * X-Airlock-Project and X-Airlock-Origin). Answers 401/403 itself and returns undefined when
   * they are missing or not allowed.
   */
  caller(request: FastifyRequest, reply: FastifyReply): Promise<{ projectId: string; origin: string } | undefined>
  /** The request's JSON body as Fastify read it (undefined for none). */
  readJson(request: FastifyRequest): Promise<unknown>
  /** Answers `body` with `status`, unless the request was answered or its client left. */
  sendJson(reply: FastifyReply, status: number, body: unknown): void
  /** Answers `{ message }` with `status`. */
  sendError(reply: FastifyReply, status: number, message: string): void
}

/**
 * A route module: registers its routes on the Fastify scope it is given (a child of the service's:
 * the service's CORS rules and body limit apply, its body parsers are its own). A `close()` is
 * called when the service stops.
 */
export type AuthRouteModule = ((app: FastifyInstance) => void | Promise<void>) & { close?(): void | Promise<void> }
