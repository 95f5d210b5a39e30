// The auth service's HTTP plumbing: JSON in and out, errors as `{ message }` (API.md), the CORS
// answer for the frame origins, and a small method + path table for the service's own routes.
//
// CORS is narrow on purpose: the frame is the service's only browser client, so only its exact
// origins get `Access-Control-Allow-Origin` (never `*`), and a state-changing /v1 request that a
// browser sends from any other page is refused outright rather than merely left unreadable: a
// form POST needs no preflight, and its effect (a code email, a sign-out) would happen anyway.

/** The largest JSON body read (a wallet backup is a few hundred bytes). */
export const MAX_BODY_BYTES = 64 * 1024
export const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'X-Airlock-Project', 'X-Airlock-Origin']
export const ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'OPTIONS']
const PREFLIGHT_MAX_AGE_S = 600

/** An answer of `{ message }` with `status`, thrown from anywhere under a request. */
export class HttpError extends Error {
  constructor(status, message) {
    super(message)
    this.status = status
  }
}

/**
 * The request's JSON body; HttpError 400 when it is not JSON, 413 when too large. A server that
 * mounts the service (airlock-server) has read the bytes already: they are `req.body`.
 */
export async function readJson(req) {
  if (Buffer.isBuffer(req.body)) {
    if (req.body.length > MAX_BODY_BYTES) throw new HttpError(413, 'The body is too large')
    try {
      return JSON.parse(req.body.toString('utf8'))
    } catch {
      throw new HttpError(400, 'The body is not JSON')
    }
  }
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

export function sendJson(res, status, body) {
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
  res.end(JSON.stringify(body))
}

export function sendError(res, status, message) {
  sendJson(res, status, { message })
}

/** A small static page: no script may run in it (its CSP says so), nothing is cached. */
export function sendHtml(res, status, title, text) {
  if (res.headersSent || res.destroyed) return
  const escape = (value) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  })
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
      `<body style="font-family: system-ui, sans-serif; margin: 3rem auto; max-width: 32rem"><p>${escape(text)}</p></body></html>`,
  )
}

/**
 * Sets the CORS headers for the request and answers what CORS alone decides: a preflight (204 for
 * a frame origin, 403 otherwise) and a non-GET /v1 request from a foreign page (403). Returns true
 * when it answered.
 */
export function applyCors(req, res, url, { frameOrigins, ownOrigin }) {
  const origin = req.headers.origin
  res.setHeader('vary', 'Origin')
  const allowed = typeof origin === 'string' && frameOrigins.has(origin)
  if (allowed) res.setHeader('access-control-allow-origin', origin)
  if (req.method === 'OPTIONS') {
    if (!allowed) {
      sendError(res, 403, 'Origin not allowed')
      return true
    }
    res.writeHead(204, {
      'access-control-allow-methods': ALLOWED_METHODS.join(', '),
      'access-control-allow-headers': ALLOWED_HEADERS.join(', '),
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_S),
    })
    res.end()
    return true
  }
  const safe = req.method === 'GET' || req.method === 'HEAD'
  if (origin !== undefined && !allowed && origin !== ownOrigin && !safe && url.pathname.startsWith('/v1/')) {
    sendError(res, 403, 'Origin not allowed')
    return true
  }
  return false
}

/**
 * A RouteHandler over `{ 'METHOD /path': handler }`: 405 for a known path asked with another
 * method, false (not mine) for an unknown path.
 */
export function routeTable(routes) {
  const byPath = new Map()
  for (const [key, handler] of Object.entries(routes)) {
    const [method, path] = key.split(' ')
    if (!byPath.has(path)) byPath.set(path, new Map())
    byPath.get(path).set(method, handler)
  }
  return async (req, res, url) => {
    const methods = byPath.get(url.pathname)
    if (!methods) return false
    const handler = methods.get(req.method)
    if (!handler) {
      res.setHeader('allow', [...methods.keys()].join(', '))
      sendError(res, 405, 'Method not allowed')
      return true
    }
    await handler(req, res, url)
    return true
  }
}
