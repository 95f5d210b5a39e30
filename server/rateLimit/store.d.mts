import type { Queryable } from '../db/database.d.mts'

/** How often rows of ended windows are deleted. */
export const PRUNE_EVERY_MS: number

/** A key's live window: its requests so far and the milliseconds until it ends (0 and 0: none). */
export interface RateLimitCount {
  current: number
  ttl: number
}

export interface RateLimitCounter {
  /** Counts one request of `key` (a new window of `windowMs` when none is live). */
  hit(key: string, windowMs: number): Promise<RateLimitCount>
  /** The key's live window, counting nothing. */
  read(key: string): Promise<RateLimitCount>
  /** Deletes the rows of ended windows; resolves to how many. */
  prune(): Promise<number>
}

/** Counts requests by key in the database (table rate_limits), on the clock `now`. */
export function rateLimitCounter(options: { db: Queryable; now?: () => number }): RateLimitCounter

/** The counter as a @fastify/rate-limit `store` class. */
export function databaseStore(counter: RateLimitCounter): new (options: unknown) => {
  incr(key: string, callback: (error: Error | null, result?: RateLimitCount) => void, timeWindow: number, max: number): void
  read(key: string, callback: (error: Error | null, result?: RateLimitCount) => void): void
  child(options: unknown): unknown
}
