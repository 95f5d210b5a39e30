// The sessions service: the site's side of sign-in with a wallet (SPEC §3 SIWX session, §4
// sign-in flow), the back end `createSessionsSiwx({ url })` talks to. It issues single-use nonces,
// verifies a signed message with the fail-closed reference verifier (src/siwx/verify.ts) for the
// calling page's own origin, and keeps nonces, sessions and credentials in its database (server/db):
// a nonce issued by one instance is spent once across all of them, and a restart loses nothing.
//
//   POST /v1/nonce                          → { nonce }
//   POST /v1/sessions { message, signature, cacao? }   (cacao: a one-click sign-in's, checked to be the same sign-in)
//                                           → 201 { id } + the credential cookie | 401 { message: 'Sign-in refused: …' }
//   GET  /v1/sessions[?address=…&chainId=…] → { sessions: [{ id, data, message, signature }] }: the credential's live ones
//   GET  /v1/sessions/{id}                  → { id, data, message, signature, revoked } | 404 (not the credential's)
//   POST /v1/sessions/{id}/revoke           → { revoked: true } | 404 (not the credential's)
//
// Sign-in is a credential, not a lookup (DESIGN "Trust boundaries"): a sign-in answers the browser
// that signed with a cookie, `__Host-airlock-siwx`, HttpOnly, Secure, SameSite=Strict, Path=/,
// holding a random 256-bit token (kept here only as its SHA-256). Reading and revoking sessions
// need it: without it, 401 and nothing else; with it, only the sessions that browser signed. Why a
// cookie rather than a token the page holds: the page's scripts cannot read an HttpOnly cookie,
// so a hostile script on the page (an XSS, a third-party tag) cannot carry the credential away,
// and it survives a reload without the page storing anything. A cookie ignores ports and
// SameSite compares sites, not origins, so it also works when this service is on another port or
// subdomain of the site (the demo's page and this service are two ports of 127.0.0.1; browsers
// treat http://127.0.0.1 and localhost as secure for `Secure` cookies): the page calls with
// `credentials: 'include'`, and CORS here names the page's origin exactly with
// Access-Control-Allow-Credentials. The service must be same-site with the page (a third-party
// service's cookie would be blocked). Each sign-in issues a new token (the old one, if it was
// valid, stops working and its sessions move to the new one), so a token planted in a browser
// before the visitor signs in is worth nothing after.
//
// The domain and URI a message must carry are those of the page that sends it (its Origin header),
// and only the listed site origins are answered: CORS names them exactly (never `*`), any request
// from another origin is refused with 403, and so is a POST with none — so one site's page cannot
// sign a visitor in for another. It listens on 127.0.0.1 only.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { Verifier } from 'bip322-js'
import { createPublicClient, http } from 'viem'
import { loadVerifier } from './verifier.mjs'
import { openDatabase } from '../../server/db/database.mjs'
import { HttpError, createApp, listen } from '../../server/http.mjs'

const MAX_BODY_BYTES = 32 * 1024
/** The credential's cookie: `__Host-` binds it to this host, Path=/, Secure, no Domain. */
export const CREDENTIAL_COOKIE = '__Host-airlock-siwx'
const SESSION_ID = /^[0-9a-f-]{36}$/

/** The credential token a request's Cookie header carries, if any. */
function credentialOf(req) {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === CREDENTIAL_COOKIE) return part.slice(eq + 1).trim()
  }
  return undefined
}

const digest = (token) => createHash('sha256').update(token).digest()

/** A nonce lives 10 minutes unless spent. */
export const NONCE_TTL_MS = 10 * 60_000
const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Nonces in the database: `consume` answers true once across every instance. */
function databaseNonces(db, now) {
  return {
    async issue() {
      // A byte below 248 (62 × 4) picks a character without bias; others are drawn again.
      let nonce = ''
      while (nonce.length < 16) {
        const [byte] = crypto.getRandomValues(new Uint8Array(1))
        if (byte < 248) nonce += NONCE_ALPHABET[byte % 62]
      }
      await db.query('DELETE FROM siwx_nonces WHERE expires_at <= $1', [now()])
      await db.query('INSERT INTO siwx_nonces (nonce, expires_at) VALUES ($1, $2)', [nonce, now() + NONCE_TTL_MS])
      return nonce
    },
    consume: async (nonce) => (await db.query('DELETE FROM siwx_nonces WHERE nonce = $1 AND expires_at > $2 RETURNING nonce', [nonce, now()])).length === 1,
  }
}

const sessionOf = (row) => ({
  id: row.id,
  data: row.data,
  message: row.message,
  signature: row.signature,
  ...(row.cacao !== null && row.cacao !== undefined && { cacao: row.cacao }),
  revoked: row.revoked,
})

/** The Set-Cookie value for `token`, valid `seconds` (0 clears it). */
const credentialCookie = (token, seconds) => `${CREDENTIAL_COOKIE}=${token}; Path=/; Max-Age=${seconds}; HttpOnly; Secure; SameSite=Strict`

/** The session as answered: what the site keeps (SPEC §3: data, message, signature, cacao). */
const view = (session) => ({
  id: session.id,
  data: session.data,
  message: session.message,
  signature: session.signature,
  ...(session.cacao === undefined ? {} : { cacao: session.cacao }),
})

/** For tests: every session stored in `db`, revoked ones included, oldest first. */
export const storedSessions = async (db) =>
  (await db.query('SELECT * FROM siwx_sessions ORDER BY created_at')).map((row) => ({ ...view(sessionOf(row)), revoked: row.revoked }))

/**
 * Start the service on 127.0.0.1.
 *
 * @param {{ port?: number, origins?: string[], chainIds: string[], rpcUrl?: string, now?: () => number }} options
 *   `origins`: the site pages allowed (also settable later with `allowOrigin`, when the site's port
 *   is known only after this starts); `chainIds`: the CAIP-2 networks sign-ins are accepted on;
 *   `rpcUrl`: an eip155 node for contract accounts (EIP-1271).
 */
export async function startSessionsService({ port = 0, origins = [], chainIds, rpcUrl, now = Date.now, db: givenDb } = {}) {
  const db = givenDb ?? (await openDatabase())
  const allowed = new Set(origins)
  const app = createApp({ bodyLimit: MAX_BODY_BYTES })
  // Standalone, the guard covers every request (unknown paths too), not only the plugin's routes.
  app.addHook('onRequest', originGuard(allowed))
  await app.register(sessionsRoutes, { db, allowed, chainIds, rpcUrl, now, guard: false })
  const address = await listen(app, { port })
  return {
    url: address.url,
    port: address.port,
    /** Answer a site page at `origin` too (the demo's, once its server has a port). */
    allowOrigin: (o) => void allowed.add(new URL(o).origin),
    /** For tests: the stored sessions, revoked ones included. */
    sessions: () => storedSessions(db),
    async stop() {
      await app.close()
      // A database it opened itself is its to close; one it was given is the caller's.
      if (givenDb === undefined) await db.close()
    },
  }
}

/**
 * CORS for the site origins in `allowed` (exactly, with credentials), and the refusals: a preflight
 * or any request from another origin, and a POST with none, are 403.
 */
export function originGuard(allowed) {
  return async (request, reply) => {
    const origin = request.headers.origin
    const known = typeof origin === 'string' && allowed.has(origin)
    reply.header('vary', 'Origin')
    if (known) {
      reply.header('access-control-allow-origin', origin)
      reply.header('access-control-allow-credentials', 'true')
    }
    if (request.method === 'OPTIONS') {
      if (!known) return reply.code(403).send({ message: 'Origin not allowed' })
      return reply
        .code(204)
        .headers({ 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'Content-Type', 'access-control-max-age': '600' })
        .send()
    }
    // Another origin, even same-site (another port or subdomain, where the cookie goes too): refused.
    if ((origin !== undefined || request.method === 'POST') && !known) return reply.code(403).send({ message: 'Origin not allowed' })
  }
}

/**
 * The service's routes as a Fastify plugin (the standalone service above and airlock-server both
 * register it; with `guard`, its CORS hook covers its own routes). `allowed`: the site origins
 * answered, a Set the caller may add to.
 */
export async function sessionsRoutes(app, { db, allowed, chainIds, rpcUrl, now = Date.now, guard = true }) {
  if (!Array.isArray(chainIds) || chainIds.length === 0) throw new Error('startSessionsService needs the chainIds it accepts')
  const verifier = await loadVerifier()
  const nonces = databaseNonces(db, now)
  const publicClient = rpcUrl === undefined ? undefined : createPublicClient({ transport: http(rpcUrl) })
  const verifyBip322 = (address, message, signature) => Verifier.verifySignature(address, message, signature)

  /**
   * The live sessions the request's credential holds, or null when it has none that works (no
   * cookie, an unknown or replaced token, or every session of it revoked or expired).
   */
  async function held(req) {
    const token = credentialOf(req)
    if (token === undefined) return null
    const key = digest(token)
    const rows = await db.query(
      `SELECT s.* FROM siwx_credentials c JOIN siwx_sessions s ON s.credential = c.digest
       WHERE c.digest = $1 AND NOT s.revoked AND (s.expires_at IS NULL OR s.expires_at > $2) ORDER BY s.created_at`,
      [key, now()],
    )
    if (rows.length === 0) {
      await db.query('DELETE FROM siwx_credentials WHERE digest = $1', [key])
      return null
    }
    return { key, sessions: rows.map(sessionOf) }
  }

  /** The request's credential, or 401. */
  async function required(req) {
    const holder = await held(req)
    if (holder === null) throw new HttpError(401, 'Sign-in required')
    return holder
  }

  /** A new credential for `ids` (and the request's old one, whose sessions it takes over, no longer works). */
  async function issueCredential(req, res, ids) {
    const previous = await held(req)
    const token = randomBytes(32).toString('base64url')
    const key = digest(token)
    const until = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO siwx_credentials (digest, created_at) VALUES ($1, $2)', [key, now()])
      if (previous !== null) await tx.query('UPDATE siwx_sessions SET credential = $1 WHERE credential = $2', [key, previous.key])
      await tx.query('UPDATE siwx_sessions SET credential = $1 WHERE id = ANY($2::uuid[])', [key, ids])
      if (previous !== null) await tx.query('DELETE FROM siwx_credentials WHERE digest = $1', [previous.key])
      const [row] = await tx.query('SELECT max(expires_at) AS until FROM siwx_sessions WHERE credential = $1', [key])
      return row.until
    })
    // The cookie lasts as long as the longest of its sessions (each message has an expiration time).
    res.setHeader('set-cookie', credentialCookie(token, Math.max(1, Math.ceil((until - now()) / 1000))))
  }

  if (guard) app.addHook('onRequest', originGuard(allowed))
  // Preflights reach the guard through these (an unknown method on a path is no route otherwise).
  for (const url of ['/v1/nonce', '/v1/sessions', '/v1/sessions/:id', '/v1/sessions/:id/revoke'])
    app.options(url, { config: { allow405: false } }, async () => undefined)

  app.post('/v1/nonce', async () => ({ nonce: await nonces.issue() }))

  app.post('/v1/sessions', async (request, reply) => {
    const body = request.body
    if (typeof body?.message !== 'string' || typeof body?.signature !== 'string') throw new HttpError(400, 'message and signature must be strings')
    const site = new URL(request.headers.origin)
    let verified
    try {
      verified = await verifier.verifySiwx(body.message, body.signature, {
        domain: site.host,
        uri: site.origin,
        chainIds,
        nonces,
        now: now(),
        publicClient,
        verifyBip322,
        // A one-click sign-in's CACAO (wc_sessionAuthenticate) is kept only if it is this same sign-in.
        ...(body.cacao === undefined ? {} : { cacao: body.cacao }),
      })
    } catch (error) {
      if (error instanceof verifier.SiwxVerificationError) throw new HttpError(401, error.message)
      throw error
    }
    const id = randomUUID()
    const expires = verified.data.expirationTime === undefined ? null : Date.parse(verified.data.expirationTime)
    await db.query(
      `INSERT INTO siwx_sessions (id, account_address, chain_id, data, message, signature, cacao, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        verified.data.accountAddress,
        verified.data.chainId,
        JSON.stringify(verified.data),
        body.message,
        body.signature,
        body.cacao === undefined ? null : JSON.stringify(body.cacao),
        expires,
        now(),
      ],
    )
    await issueCredential(request.raw, reply.raw, [id])
    return reply.code(201).send({ id })
  })

  // SPEC §3 getSessions, read as: the sessions this browser's credential holds (for the account
  // asked, when it asks), never the sessions stored for an address.
  app.get('/v1/sessions', async (request) => {
    const { address, chainId } = request.query
    const found = (await required(request.raw)).sessions.filter(
      (s) => (typeof address !== 'string' || s.data.accountAddress === address) && (typeof chainId !== 'string' || s.data.chainId === chainId),
    )
    return { sessions: found.map(view) }
  })

  /** The credential's session `id` (another browser's, like one that never was: 404). */
  const ownSession = async (request) => {
    const { id } = request.params
    if (!SESSION_ID.test(id)) throw new HttpError(404, 'Not found')
    const session = (await required(request.raw)).sessions.find((s) => s.id === id)
    if (!session) throw new HttpError(404, 'No such session')
    return session
  }
  app.get('/v1/sessions/:id', async (request) => {
    const session = await ownSession(request)
    return { ...view(session), revoked: session.revoked }
  })
  app.post('/v1/sessions/:id/revoke', async (request, reply) => {
    const session = await ownSession(request)
    await db.query('UPDATE siwx_sessions SET revoked = true WHERE id = $1', [session.id])
    // The browser's last session revoked: its credential ends and the cookie is cleared.
    if ((await held(request.raw)) === null) reply.header('set-cookie', credentialCookie('', 0))
    return { revoked: true }
  })
}
