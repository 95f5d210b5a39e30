// A small static file server for the demo and the browser tests. Loopback only, with a strict
// Content-Security-Policy so the modal is always exercised under one (no inline script, no eval).
import { createServer } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, resolve } from 'node:path'

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
}

/** A URL's origin, the form a CSP host-source takes here (a path would only narrow it, and a query is refused). */
const originOf = (url) => new URL(url).origin

/**
 * The policy every page is served with (issue 27 §4: tests/e2e/csp.ts holds every page the
 * browser tests load to it). Nothing runs but this origin's scripts and styles: no inline code, no
 * eval, no inline style element or attribute (the modal styles itself through constructed
 * stylesheets and the CSSOM, which style-src does not govern). `connect-src` lists the origins of
 * the services the page talks to; `frame-src` the secure frame's origin (none by default: no frame
 * may load); `img-src` keeps `https:` and `data:`, what wallet icons may be (data: and https: only).
 */
export function contentSecurityPolicy(connect = [], img = [], frame = []) {
  const origins = (urls) => [...new Set(urls.map(originOf))]
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: https: ${origins(img).join(' ')}`.trim(),
    `connect-src 'self' ${origins(connect).join(' ')}`.trim(),
    "font-src 'self'",
    `frame-src ${frame.length > 0 ? origins(frame).join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Serve `root` on 127.0.0.1. Port 0 picks a free one. `json` maps paths to JSON answers (the
 * demo's /env.json). Resolves to `{ url, port, close }`.
 */
export async function startStaticServer({ root, port = 0, connect = [], img = [], frame = [], json = {} }) {
  const base = resolve(root)
  const csp = contentSecurityPolicy(connect, img, frame)
  const server = createServer(async (request, response) => {
    try {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
      if (Object.hasOwn(json, path)) {
        response.writeHead(200, { 'content-type': 'application/json', 'content-security-policy': csp, 'cache-control': 'no-store' })
        response.end(JSON.stringify(json[path]))
        return
      }
      let file = normalize(join(base, path))
      if (!file.startsWith(base)) {
        response.writeHead(403).end()
        return
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html')
      const body = await readFile(file)
      response.writeHead(200, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': csp,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      })
      response.end(body)
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    }
  })
  await new Promise((resolvePromise) => server.listen(port, '127.0.0.1', resolvePromise))
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return {
    url: `http://127.0.0.1:${actualPort}/`,
    port: actualPort,
    close: () => new Promise((resolvePromise) => server.close(() => resolvePromise())),
  }
}
