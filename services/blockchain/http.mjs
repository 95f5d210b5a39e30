// The Blockchain API's HTTP side: CORS (open: it serves public chain data), request bodies (64 KiB
// at most), generated token icons and media files, /v1/profile/* passed to airlock-server when
// `profilesUrl` is given, the routes (./routes.mjs), and errors as JSON (502 for an upstream's).
import { HttpError, UpstreamError, badRequest } from './errors.mjs'
import { tokenIcon } from './tokens.mjs'

const MAX_BODY_BYTES = 64 * 1024

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '600',
}

/** The request handler; `baseUrl()` is the service's URL once it listens (media bodies may use it). */
export function requestHandler({ routes, profilesUrl, media, baseUrl, log }) {
  /** The body's bytes, at most MAX_BODY_BYTES (413 beyond). */
  async function readBytes(req) {
    let size = 0
    const chunks = []
    for await (const chunk of req) {
      size += chunk.length
      if (size > MAX_BODY_BYTES) throw new HttpError(413, 'the body is too large')
      chunks.push(chunk)
    }
    return Buffer.concat(chunks)
  }

  /**
   * A /v1/profile/* request passed to airlock-server (`profilesUrl`, a URL or a function giving it):
   * its method, path, query and body there, the answer's status and body back. The client's address
   * goes as X-Forwarded-For (believed there as its trustProxy setting says); no other header.
   */
  async function forwardProfile(req, res, path, search) {
    const base = typeof profilesUrl === 'function' ? profilesUrl() : profilesUrl
    if (typeof base !== 'string') throw new HttpError(503, 'name registration is not available yet')
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBytes(req)
    let answer
    try {
      answer = await fetch(new URL(`${path}${search}`, base), {
        method: req.method,
        headers: {
          ...(req.headers['content-type'] !== undefined && { 'content-type': req.headers['content-type'] }),
          ...(req.socket.remoteAddress !== undefined && { 'x-forwarded-for': req.socket.remoteAddress }),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
      })
    } catch (error) {
      throw new UpstreamError('the name service', error)
    }
    const text = Buffer.from(await answer.arrayBuffer())
    res.writeHead(answer.status, { ...CORS, 'content-type': answer.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' })
    res.end(text)
  }

  async function readBody(req) {
    const text = (await readBytes(req)).toString('utf8')
    try {
      return JSON.parse(text)
    } catch {
      throw badRequest('the body is not JSON')
    }
  }

  async function handle(req, res) {
    const send = (status, body, type = 'application/json') => {
      if (res.headersSent) return
      res.writeHead(status, { ...CORS, 'content-type': type, 'cache-control': 'no-store' })
      res.end(type === 'application/json' ? JSON.stringify(body) : body)
    }
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS)
        return res.end()
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const path = url.pathname.replace(/\/{2,}/g, '/')
      if (profilesUrl !== undefined && path.startsWith('/v1/profile/')) return await forwardProfile(req, res, path, url.search)
      const icon = /^\/v1\/token-icon\/([^/]{1,64})$/.exec(path)
      if (icon && req.method === 'GET') return send(200, tokenIcon(decodeSegment(icon[1])), 'image/svg+xml')
      const file = path.startsWith('/media/') && req.method === 'GET' ? media[path.slice('/media/'.length)] : undefined
      if (file) {
        res.writeHead(200, { ...CORS, 'content-type': file.type, 'cache-control': 'no-store' })
        return res.end(typeof file.body === 'function' ? file.body(baseUrl()) : file.body)
      }
      for (const route of routes) {
        const m = route.pattern.exec(path)
        if (!m) continue
        if (req.method !== route.method) throw new HttpError(405, `use ${route.method} for ${path}`)
        const params = m.slice(1).map(decodeSegment)
        const body = route.method === 'POST' ? await readBody(req) : undefined
        return send(200, await route.run(url.searchParams, params, body))
      }
      throw new HttpError(404, `unknown path: ${path.slice(0, 100)}`)
    } catch (error) {
      if (error instanceof HttpError) return send(error.status, { error: error.message })
      if (error instanceof UpstreamError) {
        log(`blockchain api: ${req.method} ${req.url}: ${error.message}`)
        return send(502, { error: error.message })
      }
      log(`blockchain api: ${req.method} ${req.url}: ${error?.stack ?? error}`)
      return send(500, { error: 'internal error' })
    }
  }
  function decodeSegment(segment) {
    try {
      return decodeURIComponent(segment)
    } catch {
      throw badRequest('malformed path')
    }
  }
  return handle
}
