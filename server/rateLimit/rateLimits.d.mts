import type { FastifyInstance } from 'fastify'
import type { Queryable } from '../db/database.d.mts'
import type { TrustProxy } from './clientIp.d.mts'
import type { RateLimit, RateLimitName } from './limits.d.mts'
import type { RateLimitCounter } from './store.d.mts'

/** The 429's message. */
export function tooManyRequests(seconds: number): string

export interface RateLimitOptions {
  /** Where the counts are kept (shared by every instance on it). */
  db: Queryable
  /** The counts' clock. */
  now?: () => number
  /** Whether and how far X-Forwarded-For is believed (AIRLOCK_TRUST_PROXY). */
  trustProxy?: TrustProxy
  /** Limits replacing RATE_LIMITS' (a benchmark, a test). */
  limits?: Partial<Record<RateLimitName, RateLimit>>
}

/** Registers the rate limits on the root app, before the routes they cover. */
export function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<{ counter: RateLimitCounter }>
