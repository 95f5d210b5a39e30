// Rate-limit counts kept in the server's database (table rate_limits, migration 0005), so every
// instance on one PostgreSQL counts against the same limits (issue 24 §2), and a restart forgets
// nothing. A key's window starts at its first request and lasts `windowMs`; each request is one
// atomic upsert (`INSERT … ON CONFLICT (key) DO UPDATE`) that either adds one to the live window or
// starts a new one, and answers the count: two instances racing on one key both count. Rows whose
// window has ended are deleted at most once per PRUNE_EVERY_MS, by whichever request comes then.
//
// `databaseStore(counter)` is the counter as a `store` for @fastify/rate-limit (its README, "Custom
// store": `new Store(options)`, `incr(key, callback, timeWindow, max)`, `read`, `child`).

/** How often rows of ended windows are deleted. */
export const PRUNE_EVERY_MS = 60_000

const COUNT = `INSERT INTO rate_limits (key, window_start, window_end, count) VALUES ($1, $2, $3, 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limits.window_end <= $2 THEN 1 ELSE rate_limits.count + 1 END,
    window_start = CASE WHEN rate_limits.window_end <= $2 THEN $2 ELSE rate_limits.window_start END,
    window_end = CASE WHEN rate_limits.window_end <= $2 THEN $3 ELSE rate_limits.window_end END
  RETURNING count, window_end`

/**
 * Counts requests by key in `db`, on the clock `now`. `hit` counts one and `read` only looks; both
 * resolve to `{ current, ttl }`: the requests in the key's live window and the milliseconds until
 * it ends (0 and 0 when it has none).
 */
export function rateLimitCounter({ db, now = Date.now }) {
  let prunedAt = -Infinity
  const prune = async () => {
    const at = now()
    prunedAt = at
    const rows = await db.query('DELETE FROM rate_limits WHERE window_end <= $1 RETURNING key', [at])
    return rows.length
  }
  return {
    async hit(key, windowMs) {
      const at = now()
      if (at - prunedAt >= PRUNE_EVERY_MS) await prune()
      const [row] = await db.query(COUNT, [key, at, at + windowMs])
      return { current: row.count, ttl: Math.max(0, row.window_end - at) }
    },
    async read(key) {
      const at = now()
      const [row] = await db.query('SELECT count, window_end FROM rate_limits WHERE key = $1 AND window_end > $2', [key, at])
      return row === undefined ? { current: 0, ttl: 0 } : { current: row.count, ttl: row.window_end - at }
    },
    /** Deletes the rows of ended windows now; resolves to how many. */
    prune,
  }
}

/** The counter as a @fastify/rate-limit `store` (a class: the plugin makes it with `new`, routes get a `child`). */
export function databaseStore(counter) {
  const answer = (promise, callback) =>
    promise.then(
      (result) => callback(null, result),
      (error) => callback(error),
    )
  return class DatabaseStore {
    constructor(options) {
      this.options = options
    }
    incr(key, callback, timeWindow) {
      answer(counter.hit(key, timeWindow), callback)
    }
    read(key, callback) {
      answer(counter.read(key), callback)
    }
    child(options) {
      return new DatabaseStore(options)
    }
  }
}
