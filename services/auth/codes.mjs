// One-time codes and per-address cool-downs for email sign-in and email update (SPEC §4, §5).
//
// A code is six digits from crypto.randomInt, kept only as a SHA-256 digest, live for 10 minutes
// and for 5 tries: one in 200,000 for a guesser per code, and codes cannot be asked for faster
// than the cool-down. The comparison is in constant time (timingSafeEqual over the digests, whose
// length never depends on the input). A code is bound to what asked for it (the device, or the
// address it was sent to), so it cannot be spent elsewhere; a wrong binding is a wrong try. At most
// one code lives per key: a new one replaces it.
//
// The cool-down reserves its slot before the mail goes out, so two requests at once cannot both
// send; a send that fails gives the slot back. Both live in the database, so they hold across
// several instances of the service.
import { createHash, randomInt } from 'node:crypto'

export const CODE_TTL_MS = 10 * 60_000
export const CODE_TRIES = 5
export const EMAIL_COOLDOWN_MS = 30_000

const digest = (value) => createHash('sha256').update(value).digest()

/** A six-digit code, leading zeros kept. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/**
 * The codes, in the database (table `codes`): one live code per key, so an instance checks a code
 * another one mailed. Checking spends the code in one statement, so two checks at once cannot both
 * pass. The digest comparison happens in the database (an index lookup, not constant time): what
 * it compares is a SHA-256 of the code and its binding, and timing tells nothing useful about a
 * preimage.
 */
export function createCodes({ db, now, ttlMs = CODE_TTL_MS, tries = CODE_TRIES }) {
  return {
    /** A new code for `key`, bound to `binding`; the previous one for `key` dies. */
    async issue(key, binding) {
      const at = now()
      const code = newCode()
      await db.query('DELETE FROM codes WHERE expires_at <= $1', [at])
      await db.query(
        `INSERT INTO codes (key, digest, expires_at, tries_left) VALUES ($1, $2, $3, $4)
         ON CONFLICT (key) DO UPDATE SET digest = EXCLUDED.digest, expires_at = EXCLUDED.expires_at, tries_left = EXCLUDED.tries_left`,
        [key, digest(`${code}\n${binding}`), at + ttlMs, tries],
      )
      return code
    },

    /** 'ok' (the code is spent), 'invalid' (a try used; the last one kills it) or 'expired' (no live code). */
    async check(key, code, binding) {
      const at = now()
      const given = typeof code === 'string' ? code : ''
      const spent = await db.query('DELETE FROM codes WHERE key = $1 AND digest = $2 AND expires_at > $3 RETURNING key', [
        key,
        digest(`${given}\n${binding}`),
        at,
      ])
      if (spent.length === 1) return 'ok'
      const [left] = await db.query('UPDATE codes SET tries_left = tries_left - 1 WHERE key = $1 AND expires_at > $2 RETURNING tries_left', [key, at])
      if (!left) {
        await db.query('DELETE FROM codes WHERE key = $1 AND expires_at <= $2', [key, at])
        return 'expired'
      }
      if (left.tries_left <= 0) await db.query('DELETE FROM codes WHERE key = $1 AND tries_left <= 0', [key])
      return 'invalid'
    },

    discard: async (key) => void (await db.query('DELETE FROM codes WHERE key = $1', [key])),
  }
}

/** Per-key cool-downs, in the database (table `cooldowns`): they hold across instances. */
export function createCooldowns({ db, now, ms = EMAIL_COOLDOWN_MS }) {
  return {
    /** 0 when `key` may send now (its slot is taken, atomically), else the seconds left, rounded up. */
    async reserve(key) {
      const at = now()
      const taken = await db.query(
        `INSERT INTO cooldowns (key, until_at) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET until_at = EXCLUDED.until_at WHERE cooldowns.until_at <= $3 RETURNING key`,
        [key, at + ms, at],
      )
      if (taken.length === 1) return 0
      const [row] = await db.query('SELECT until_at FROM cooldowns WHERE key = $1', [key])
      return row ? Math.max(1, Math.ceil((row.until_at - at) / 1000)) : 0
    },
    /** Starts `key`'s cool-down whatever it was (a send that did not ask). */
    async stamp(key) {
      await db.query('INSERT INTO cooldowns (key, until_at) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET until_at = EXCLUDED.until_at', [key, now() + ms])
    },
    release: async (key) => void (await db.query('DELETE FROM cooldowns WHERE key = $1', [key])),
  }
}
