// The sessions service: the site's side of sign-in with a wallet (SPEC §3 SIWX session, §4
// sign-in flow), the back end `createSessionsSiwx({ url })` talks to. It issues single-use nonces,
// verifies a signed message with the fail-closed reference verifier (src/siwx/verify.ts) for the
// calling page's own origin, and keeps the sessions in memory.
//
//   POST /v1/nonce                          → { nonce }
//   POST /v1/sessions { message, signature, cacao? }
//                                           → 201 { id } | 401 { message: 'Sign-in refused: …' }
//   GET  /v1/sessions?address=…&chainId=…   → { sessions: [{ id, data, message, signature }] } (live ones)
//   GET  /v1/sessions/{id}                  → { id, data, message, signature, revoked } | 404
//   POST /v1/sessions/{id}/revoke           → { revoked: true } | 404
//
// The domain and URI a message must carry are those of the page that sends it (its Origin header),
// and only the listed site origins are answered: CORS names them exactly (never `*`) and any
// request from another origin, or with none, on POST is refused with 403 — so one site's page
// cannot sign a visitor in for another. It listens on 127.0.0.1 only.
import { createServer } from 'node:http'
import { randomUUID } from 'node:crypto'
import { Verifier } from 'bip322-js'
import { createPublicClient, http } from 'viem'
import { loadVerifier } from './verifier.mjs'

const MAX_BODY_BYTES = 32 * 1024

class HttpError extends Error {
  constructor(status, message) {
    super(message)
    this.status = status
  }
}

function send(res, status, body) {
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
  res.end(JSON.stringify(body))
}

async function readJson(req) {
  const chunks = []
  let size = 0
  for await (const chunk of req) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'The body is too large')
    chunks.push(chunk)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new HttpError(400, 'The body is not JSON')
  }
}

/** The session as answered: what the site keeps (SPEC §3: data, message, signature, cacao). */
const view = (session) => ({
  id: session.id,
  data: session.data,
  message: session.message,
  signature: session.signature,
  ...(session.cacao === undefined ? {} : { cacao: session.cacao }),
})

/**
 * Start the service on 127.0.0.1.
 *
 * @param {{ port?: number, origins?: string[], chainIds: string[], rpcUrl?: string, now?: () => number }} options
 *   `origins`: the site pages allowed (also settable later with `allowOrigin`, when the site's port
 *   is known only after this starts); `chainIds`: the CAIP-2 networks sign-ins are accepted on;
 *   `rpcUrl`: an eip155 node for contract accounts (EIP-1271).
 */
export async function startSessionsService({ port = 0, origins = [], chainIds, rpcUrl, now = Date.now } = {}) {
  if (!Array.isArray(chainIds) || chainIds.length === 0) throw new Error('startSessionsService needs the chainIds it accepts')
  const verifier = await loadVerifier()
  const nonces = verifier.memoryNonceStore({ now })
  const allowed = new Set(origins)
  const sessions = new Map()
  const publicClient = rpcUrl === undefined ? undefined : createPublicClient({ transport: http(rpcUrl) })
  const verifyBip322 = (address, message, signature) => Verifier.verifySignature(address, message, signature)
  const live = (session) => !session.revoked && (session.data.expirationTime === undefined || Date.parse(session.data.expirationTime) > now())

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const origin = req.headers.origin
    const known = typeof origin === 'string' && allowed.has(origin)
    res.setHeader('vary', 'Origin')
    if (known) res.setHeader('access-control-allow-origin', origin)
    if (req.method === 'OPTIONS') {
      if (!known) return send(res, 403, { message: 'Origin not allowed' })
      res.writeHead(204, { 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'Content-Type', 'access-control-max-age': '600' })
      return res.end()
    }
    if (req.method === 'POST' && !known) return send(res, 403, { message: 'Origin not allowed' })

    if (url.pathname === '/v1/nonce' && req.method === 'POST') return send(res, 200, { nonce: nonces.issue() })
    if (url.pathname === '/v1/sessions' && req.method === 'POST') {
      const body = await readJson(req)
      if (typeof body?.message !== 'string' || typeof body?.signature !== 'string') throw new HttpError(400, 'message and signature must be strings')
      const site = new URL(origin)
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
        })
      } catch (error) {
        if (error instanceof verifier.SiwxVerificationError) throw new HttpError(401, error.message)
        throw error
      }
      const session = { id: randomUUID(), data: verified.data, message: body.message, signature: body.signature, cacao: body.cacao, revoked: false }
      sessions.set(session.id, session)
      return send(res, 201, { id: session.id })
    }
    if (url.pathname === '/v1/sessions' && req.method === 'GET') {
      const address = url.searchParams.get('address')
      const chainId = url.searchParams.get('chainId')
      if (!address || !chainId) throw new HttpError(400, 'address and chainId are required')
      const found = [...sessions.values()].filter((s) => live(s) && s.data.accountAddress === address && s.data.chainId === chainId)
      return send(res, 200, { sessions: found.map(view) })
    }
    const match = /^\/v1\/sessions\/([0-9a-f-]{36})(\/revoke)?$/.exec(url.pathname)
    if (match) {
      const session = sessions.get(match[1])
      if (!session) throw new HttpError(404, 'No such session')
      if (match[2] === undefined && req.method === 'GET') return send(res, 200, { ...view(session), revoked: session.revoked })
      if (match[2] !== undefined && req.method === 'POST') {
        session.revoked = true
        return send(res, 200, { revoked: true })
      }
      throw new HttpError(405, 'Method not allowed')
    }
    throw new HttpError(404, 'Not found')
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) =>
      send(res, error instanceof HttpError ? error.status : 500, { message: error instanceof HttpError ? error.message : 'Internal error' }),
    )
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const address = server.address()
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    /** Answer a site page at `origin` too (the demo's, once its server has a port). */
    allowOrigin: (o) => void allowed.add(new URL(o).origin),
    /** For tests: the stored sessions, revoked ones included. */
    sessions: () => [...sessions.values()].map((s) => ({ ...view(s), revoked: s.revoked })),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}
