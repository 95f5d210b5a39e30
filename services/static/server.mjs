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

/**
 * The policy every page is served with. `connect-src` lists the local services the page talks to;
 * `frame-src` the secure frame's origin (none by default: no frame may load).
 */
export function contentSecurityPolicy(connect = [], img = [], frame = []) {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: https: ${img.join(' ')}`.trim(),
    `connect-src 'self' ${connect.join(' ')}`.trim(),
    "font-src 'self'",
    `frame-src ${frame.length > 0 ? frame.join(' ') : "'none'"}`,
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
