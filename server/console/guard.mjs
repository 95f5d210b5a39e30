// Who calls the console's API, and what they may do. A request is signed in by the SIWX
// sessions service's credential cookie (services/sessions/server.mjs: `__Host-airlock-siwx`,
// HttpOnly, SameSite=Strict; kept there as the token's SHA-256): the credential's live sessions
// (not revoked, not expired) are the accounts the browser proved it controls, newest first. Every
// session in the database was verified for an origin this server answers (the console's own, or a
// site origin its operator listed), and what a caller may do follows from its accounts being
// owners or admins, which only their wallets' signatures can show.
//
// An unknown project and another's project are both 403, so ids cannot be probed.
import { createHash } from 'node:crypto'
import { HttpError } from '../http.mjs'
import { sessionAccount } from './addresses.mjs'

const CREDENTIAL_COOKIE = '__Host-airlock-siwx'
export const SIGN_IN_FIRST = 'Sign in with a wallet first'
export const NOT_AN_OWNER = 'You are not an owner of this project'
export const ORIGIN_REFUSED = 'Origin not allowed'

function credentialOf(request) {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === CREDENTIAL_COOKIE) return part.slice(eq + 1).trim()
  }
  return undefined
}

/**
 * The caller's accounts (CAIP-10, normalised), newest sign-in first: `{ address, addresses }`,
 * or null when the request has no working credential. `host()`, when given, is the console's: only
 * sign-ins whose message named it count (the same browser's credential also holds its sign-ins on
 * the site's pages, same-site with this server, which were signed for the site, not the console).
 */
export async function signedIn(db, request, { now = Date.now, host } = {}) {
  const token = credentialOf(request)
  if (token === undefined || token.length === 0 || token.length > 200) return null
  const rows = await db.query(
    `SELECT account_address, chain_id FROM siwx_sessions
     WHERE credential = $1 AND NOT revoked AND (expires_at IS NULL OR expires_at > $2) AND ($3::text IS NULL OR data->>'domain' = $3)
     ORDER BY created_at DESC`,
    [createHash('sha256').update(token).digest(), now(), host?.() ?? null],
  )
  const addresses = [...new Set(rows.map((row) => sessionAccount(row.chain_id, row.account_address)).filter(Boolean))]
  return addresses.length === 0 ? null : { address: addresses[0], addresses }
}

/** The caller's accounts, or 401. */
export async function caller(db, request, options) {
  const who = await signedIn(db, request, options)
  if (who === null) throw new HttpError(401, SIGN_IN_FIRST)
  return who
}

/**
 * The caller's account that owns `projectId` (CAIP-10), or HttpError 401 (not signed in) / 403
 * (not an owner, or no such project).
 *
 * ```js
 * app.get('/console/api/projects/:id/analytics', async (request) => {
 *   await ownerOf(db, request, request.params.id)
 *   …
 * })
 * ```
 */
export async function ownerOf(db, request, projectId, options) {
  const who = await caller(db, request, options)
  // An id no project can have (a NUL, which PostgreSQL text refuses, or too long) is no one's.
  if (typeof projectId !== 'string' || projectId.length === 0 || projectId.length > 128 || projectId.includes('\0')) throw new HttpError(403, NOT_AN_OWNER)
  const rows = await db.query('SELECT address FROM console_owners WHERE project_id = $1 AND address = ANY($2::text[])', [projectId, who.addresses])
  if (rows.length === 0) throw new HttpError(403, NOT_AN_OWNER)
  const owners = new Set(rows.map((row) => row.address))
  return who.addresses.find((a) => owners.has(a))
}

/** Whether any of `addresses` is an admin. */
export async function isAdmin(db, addresses) {
  return (await db.query('SELECT 1 FROM console_admins WHERE address = ANY($1::text[]) LIMIT 1', [addresses])).length > 0
}

const SAFE = new Set(['GET', 'HEAD'])
const JSON_TYPE = /^application\/json\s*(;|$)/i

/**
 * The console API's CSRF guard, an onRequest hook. Its cookie is SameSite=Strict already; on top,
 * a request whose Origin is not the console's own (`publicOrigin()`) is 403, a state-changing one
 * (POST, PATCH, DELETE, …) must carry that Origin, and a POST or PATCH must be JSON (a form or a
 * text/plain body, which a page may send anywhere without a preflight, is 415). No CORS header is
 * ever answered, so no other origin reads an answer.
 */
export function consoleOriginGuard(publicOrigin) {
  return async (request, reply) => {
    const origin = request.headers.origin
    if (origin !== undefined && origin !== publicOrigin()) return reply.code(403).send({ message: ORIGIN_REFUSED })
    if (SAFE.has(request.method)) return
    if (origin === undefined) return reply.code(403).send({ message: ORIGIN_REFUSED })
    if ((request.method === 'POST' || request.method === 'PATCH') && !JSON_TYPE.test(request.headers['content-type'] ?? ''))
      return reply.code(415).send({ message: 'The body must be JSON' })
  }
}
