import type { Database } from './db/database.d.mts'
import type { ServerSettings } from './settings.d.mts'
import type { RateLimit, RateLimitName } from './rateLimit/limits.d.mts'

export interface AirlockServer {
  /** Where it listens: the config API, auth and SIWX. */
  url: string
  /** The URL its mail and OAuth callbacks name (AIRLOCK_PUBLIC_URL, else `url`). */
  publicUrl: string
  /** The secure frame's origin. */
  frameUrl: string
  db: Database
  /** With no console admin yet: the first-run secret (printed once by the bin) and the console's URL. */
  firstRun: { secret: string; url: string } | undefined
  /** Answer sign-ins with a wallet from a site page at `origin` too. */
  allowSiteOrigin(origin: string): void
  stop(): Promise<void>
}

export interface AirlockServerOptions {
  log?: (line: string) => void
  now?: () => number
  /** A database to use instead of the settings' (the caller closes it). */
  db?: Database
  /** More routes of the auth service (services/auth/server.mjs `routes`). */
  authRoutes?: unknown[]
  /** More options of the secure frame (services/frame/server.mjs). */
  frame?: { solana?: { rpcUrl: string }; outdir?: string; approvalTimeoutMs?: number }
  /** Limits replacing some of RATE_LIMITS (server/rateLimit/limits.mjs). */
  rateLimits?: Partial<Record<RateLimitName, RateLimit>>
}

/** How long the secure frame keeps a project's allowed origins before asking again (ms). */
export const FRAME_PROJECT_CACHE_MS: number
/** Within this, an allowed origin changed on one instance is enforced by all on the same database (ms). */
export const ORIGIN_CHANGE_DELAY_MS: number

export function startAirlockServer(settings: ServerSettings, options?: AirlockServerOptions): Promise<AirlockServer>
