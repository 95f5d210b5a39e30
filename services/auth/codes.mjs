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
// send; a send that fails gives the slot back.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'

export const CODE_TTL_MS = 10 * 60_000
export const CODE_TRIES = 5
export const EMAIL_COOLDOWN_MS = 30_000

const digest = (value) => createHash('sha256').update(value).digest()

/** A six-digit code, leading zeros kept. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

export function createCodes({ now, ttlMs = CODE_TTL_MS, tries = CODE_TRIES }) {
  const live = new Map()

  const forgetExpired = () => {
    const at = now()
    for (const [key, entry] of live) if (entry.expiresAt <= at) live.delete(key)
  }

  return {
    /** A new code for `key`, bound to `binding`; the previous one for `key` dies. */
    issue(key, binding) {
      forgetExpired()
      const code = newCode()
      live.set(key, { digest: digest(`${code}\n${binding}`), expiresAt: now() + ttlMs, triesLeft: tries })
      return code
    },

    /** 'ok' (the code is spent), 'invalid' (a try used; the last one kills it) or 'expired' (no live code). */
    check(key, code, binding) {
      const entry = live.get(key)
      if (!entry || entry.expiresAt <= now()) {
        live.delete(key)
        return 'expired'
      }
      const given = typeof code === 'string' ? code : ''
      if (timingSafeEqual(digest(`${given}\n${binding}`), entry.digest)) {
        live.delete(key)
        return 'ok'
      }
      entry.triesLeft -= 1
      if (entry.triesLeft <= 0) live.delete(key)
      return 'invalid'
    },

    discard: (key) => void live.delete(key),
  }
}

export function createCooldowns({ now, ms = EMAIL_COOLDOWN_MS }) {
  const until = new Map()
  return {
    /** 0 when `key` may send now (its slot is taken), else the seconds left, rounded up. */
    reserve(key) {
      const at = now()
      for (const [other, end] of until) if (end <= at) until.delete(other)
      const end = until.get(key)
      if (end !== undefined && end > at) return Math.ceil((end - at) / 1000)
      until.set(key, at + ms)
      return 0
    },
    /** Starts `key`'s cool-down whatever it was (a send that did not ask). */
    stamp: (key) => void until.set(key, now() + ms),
    release: (key) => void until.delete(key),
  }
}
