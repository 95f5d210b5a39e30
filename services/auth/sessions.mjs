// Session tokens (API.md "Session and wallet"): HS256 JWTs with sub, iat, nbf, exp and jti, signed
// with a secret made once and kept in the database unless one is given (a restart signs no one
// out), checked against the service's own clock (`now`, which tests move).
//
// Answers, word for word where SPEC §8 fixes them: a token whose nbf is still ahead is
// "JWT validation error: JWT Token is not yet valid" (the page shows Session Expired and asks the
// visitor to check their clock); every other failure — expired, revoked, forged, malformed, or the
// user gone — is "Session expired", with no hint of which.
//
// Sign-out revokes the token's jti until the token would have expired anyway; the frame waits at
// most 3 s for the answer (SPEC §9), so sign-out does nothing slow.
import { SignJWT, errors, jwtVerify } from 'jose'
import { randomUUID } from 'node:crypto'
import { registerRoutes } from './routeTable.mjs'

/** A session lasts 7 days. */
export const SESSION_TTL_SECONDS = 7 * 24 * 3600
export const NOT_YET_VALID = 'JWT validation error: JWT Token is not yet valid'
export const SESSION_EXPIRED = 'Session expired'
const MIN_SECRET_BYTES = 32

/**
 * `secret` given: tokens are signed with it. Otherwise the service's own, made once and kept in
 * the database (table `secrets`), so a restart or another instance accepts the same tokens.
 * Revoked token ids live in the database too (table `revoked_tokens`) until the token would have
 * expired anyway.
 */
export function createSessions({ db, secret, ttlSeconds = SESSION_TTL_SECONDS, now }) {
  const given = secret === undefined ? undefined : typeof secret === 'string' ? new TextEncoder().encode(secret) : secret
  if (given !== undefined && given.length < MIN_SECRET_BYTES) throw new TypeError(`The session secret needs at least ${MIN_SECRET_BYTES} bytes`)
  if (!Number.isSafeInteger(ttlSeconds) || ttlSeconds <= 0) throw new TypeError('sessionTtlSeconds must be a positive integer')
  const seconds = () => Math.floor(now() / 1000)
  let stored
  const key = () =>
    given !== undefined
      ? Promise.resolve(given)
      : (stored ??= (async () => {
          await db.query("INSERT INTO secrets (name, value, created_at) VALUES ('session', $1, $2) ON CONFLICT (name) DO NOTHING", [
            crypto.getRandomValues(new Uint8Array(32)),
            now(),
          ])
          const [row] = await db.query("SELECT value FROM secrets WHERE name = 'session'")
          return new Uint8Array(row.value)
        })().catch((error) => {
          stored = undefined
          throw error
        }))

  return {
    async issue(user) {
      const at = seconds()
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(at)
        .setNotBefore(at)
        .setExpirationTime(at + ttlSeconds)
        .setJti(randomUUID())
        .sign(await key())
    },

    /** `{ claims }` of a token that passes, or `{ error }` with the message to answer 401 with. */
    async verify(token) {
      let payload
      try {
        ;({ payload } = await jwtVerify(token, await key(), {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
          requiredClaims: ['sub', 'iat', 'nbf', 'exp', 'jti'],
        }))
      } catch (error) {
        const early = error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf' && error.reason === 'check_failed'
        return { error: early ? NOT_YET_VALID : SESSION_EXPIRED }
      }
      const revoked = await db.query('SELECT 1 FROM revoked_tokens WHERE jti = $1', [payload.jti])
      return revoked.length > 0 ? { error: SESSION_EXPIRED } : { claims: payload }
    },

    async revoke(jti, exp) {
      await db.query('DELETE FROM revoked_tokens WHERE expires_at <= $1', [now()])
      await db.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [jti, exp * 1000])
    },
  }
}

/**
 * The signed-in user of a /v1 request: its caller checked (401/403 answered by ctx.caller), then
 * its bearer token (401 answered here). Undefined when it answered.
 */
export async function authenticate(ctx, sessions, store, req, res) {
  const caller = await ctx.caller(req, res)
  if (!caller) return undefined
  const header = req.headers.authorization
  const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : ''
  const verified = token ? await sessions.verify(token) : { error: SESSION_EXPIRED }
  const user = verified.claims && (await store.user(verified.claims.sub))
  if (!user) {
    ctx.sendError(res, 401, verified.error ?? SESSION_EXPIRED)
    return undefined
  }
  return { caller, user, claims: verified.claims }
}

/** `GET /v1/session` → `{ user }`; `POST /v1/session/signout` → `{}`, the token revoked: registers them on `app`. */
export function sessionRoutes(app, ctx, { sessions, store }) {
  registerRoutes(app, ctx, {
    'GET /v1/session': async (req, res) => {
      const session = await authenticate(ctx, sessions, store, req, res)
      if (session) ctx.sendJson(res, 200, { user: session.user })
    },
    'POST /v1/session/signout': async (req, res) => {
      const session = await authenticate(ctx, sessions, store, req, res)
      if (!session) return
      await sessions.revoke(session.claims.jti, session.claims.exp)
      ctx.sendJson(res, 200, {})
    },
  })
}
