// The secure frame's site (SPEC §2, §7): the page the modal loads hidden in an iframe, on an
// origin of its own, which holds the embedded wallet's keys and session. It serves the built app
// (./build.mjs), its /config.json, and the headers that make the browser keep it to itself:
//
// - A strict Content-Security-Policy for the frame: scripts from itself only, connections only to
//   itself, the auth service and the configured chain RPCs and bundlers (a compromised dependency
//   cannot post keys elsewhere), no inline code, Trusted Types on.
// - `frame-ancestors` per request, from the `projectId` query parameter: that project's allowed
//   origins (GET <auth>/v1/projects/{id}, cached `projectCacheMs`, 30 s by default, so an origin
//   added by the site owner works within half a minute; airlock-server asks for 5 s) plus SPEC §5's defaults; `'none'` for a missing or unknown project, or
//   when the auth service cannot say (fail closed). The browser then refuses to render the frame
//   in any other page; the app checks the same again (app/start.ts) for a frame served without
//   this header.
// - nosniff, no referrer, and caching that fits: the page is never stored (its header depends on
//   the project), the script is named by its hash and kept for a year.
//
// Loopback only, on the port given or a free one. `stop()` closes it and removes a build it made.
import { createServer } from 'node:http'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { DEFAULT_ALLOWED_ORIGINS } from '../auth/origins.mjs'
import { buildFrame } from './build.mjs'

export const PROJECT_CACHE_MS = 30_000
/** A failed project look-up is asked again this soon. */
const FAILURE_CACHE_MS = 2_000
const PROJECT_TIMEOUT_MS = 3_000
const MAX_CACHED_PROJECTS = 1_000
const PROJECT_ID = /^[A-Za-z0-9_-]{1,128}$/
const CSP_HOST_SOURCE = /^https?:\/\/(\*\.)?(\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*)(:(\d{1,5}|\*))?$/

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.json': 'application/json' }

/**
 * An allowed-origin pattern (`https://*.example.com`, `http://127.0.0.1:*`) as a CSP host-source,
 * or undefined when it is not one: a pattern goes into a header, so only what the grammar allows
 * passes (no spaces, semicolons or quotes that would change the policy). Hosts are written as the
 * URL parser writes them (IDNs in punycode), the form a browser compares.
 */
export function cspSource(pattern) {
  if (typeof pattern !== 'string') return undefined
  const match = /^(https?):\/\/(\*\.)?([^/:\s]+|\[[0-9a-fA-F:.]+\])(:(\d{1,5}|\*))?\/?$/.exec(pattern.trim())
  if (!match) return undefined
  const [, scheme, star = '', host, port = ''] = match
  // CSP's host-source grammar has no IPv6 literal (Chromium warns and ignores one): a page on
  // [::1] cannot be listed in frame-ancestors at all.
  if (host.startsWith('[')) return undefined
  let canonical
  try {
    const url = new URL(`${scheme}://${host}`)
    if (url.pathname !== '/' || url.username || url.port) return undefined
    canonical = url.hostname
  } catch {
    return undefined
  }
  const source = `${scheme}://${star}${canonical}${port}`
  return CSP_HOST_SOURCE.test(source) ? source : undefined
}

/** The `frame-ancestors` sources for a project's allowed origins: theirs and SPEC §5's defaults. */
export function frameAncestors(allowedOrigins) {
  const sources = [...new Set([...allowedOrigins, ...DEFAULT_ALLOWED_ORIGINS].map(cspSource).filter(Boolean))]
  return sources.length > 0 ? sources.join(' ') : "'none'"
}

/** The frame page's policy. */
export function framePolicy({ connect, ancestors }) {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `connect-src 'self' ${connect.join(' ')}`.trim(),
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
  ].join('; ')
}

/** Project → frame-ancestors, asking the auth service at most once per project per 30 s. */
function projectAncestors(authUrl, cacheMs) {
  const cache = new Map()
  const lookUp = async (projectId) => {
    try {
      const response = await fetch(`${authUrl}/v1/projects/${encodeURIComponent(projectId)}`, { signal: AbortSignal.timeout(PROJECT_TIMEOUT_MS) })
      if (response.status === 404 || response.status === 401) return { value: "'none'", ttl: cacheMs }
      if (!response.ok) return { value: "'none'", ttl: FAILURE_CACHE_MS }
      const body = await response.json()
      const origins = Array.isArray(body?.allowedOrigins) ? body.allowedOrigins : []
      return { value: frameAncestors(origins), ttl: cacheMs }
    } catch {
      return { value: "'none'", ttl: FAILURE_CACHE_MS }
    }
  }
  return (projectId) => {
    if (typeof projectId !== 'string' || !PROJECT_ID.test(projectId)) return Promise.resolve("'none'")
    const now = Date.now()
    const cached = cache.get(projectId)
    if (cached && cached.expires > now) return cached.value
    if (cache.size >= MAX_CACHED_PROJECTS) cache.delete(cache.keys().next().value)
    const value = lookUp(projectId).then(({ value: ancestors, ttl }) => {
      cache.set(projectId, { value: Promise.resolve(ancestors), expires: Date.now() + ttl })
      return ancestors
    })
    // Requests while the look-up runs share it.
    cache.set(projectId, { value, expires: now + PROJECT_TIMEOUT_MS })
    return value
  }
}

const originOf = (url) => new URL(url).origin

/** The built files by URL path, read once: index.html (also `/`) and the hashed script. */
function readBuild(outdir) {
  const files = new Map()
  for (const name of readdirSync(outdir)) {
    if (!/^(index\.html|main-[A-Za-z0-9]+\.js)$/.test(name)) continue
    files.set(`/${name}`, { body: readFileSync(join(outdir, name)), type: TYPES[extname(name)] })
  }
  const index = files.get('/index.html')
  if (!index || files.size < 2) throw new Error(`No frame build in ${outdir}`)
  files.set('/', index)
  return files
}

/**
 * Serve the secure frame on 127.0.0.1.
 *
 * ```js
 * const frame = await startFrameServer({ authUrl: auth.url, chains: [{ chainId: 31337, rpcUrl: anvil.url }] })
 * // the modal's apiUrls.secureSite: frame.url
 * ```
 *
 * `outdir`: a folder holding a build is served as it is; an empty or missing one is built into
 * first; without it, the frame is built into a temporary folder removed on stop.
 */
export async function startFrameServer({ port = 0, authUrl, chains = [], solana, outdir, approvalTimeoutMs, projectCacheMs = PROJECT_CACHE_MS } = {}) {
  if (typeof authUrl !== 'string' || !URL.canParse(authUrl)) throw new Error('startFrameServer needs authUrl')
  const auth = authUrl.replace(/\/+$/, '')
  let temporary
  let folder = outdir
  if (folder === undefined) folder = temporary = mkdtempSync(join(tmpdir(), 'airlock-frame-'))
  if (!existsSync(join(folder, 'index.html'))) await buildFrame({ outdir: folder })
  const files = readBuild(folder)

  const config = JSON.stringify({
    authUrl: auth,
    chains: chains.map(({ chainId, rpcUrl, bundlerUrl, name, symbol }) => ({
      chainId,
      rpcUrl,
      ...(bundlerUrl && { bundlerUrl }),
      ...(name && { name }),
      ...(symbol && { symbol }),
    })),
    ...(approvalTimeoutMs !== undefined && { approvalTimeoutMs }),
    ...(solana && { solana: { rpcUrl: solana.rpcUrl } }),
  })
  const connect = [
    ...new Set([
      originOf(auth),
      ...chains.flatMap((c) => [originOf(c.rpcUrl), ...(c.bundlerUrl ? [originOf(c.bundlerUrl)] : [])]),
      ...(solana ? [originOf(solana.rpcUrl)] : []),
    ]),
  ]
  const ancestorsOf = projectAncestors(auth, projectCacheMs)
  const common = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' }

  const server = createServer(async (request, response) => {
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { ...common, allow: 'GET, HEAD' }).end()
        return
      }
      const url = new URL(request.url ?? '/', 'http://frame.invalid')
      const send = (status, headers, body) => {
        response.writeHead(status, { ...common, 'content-length': body.byteLength, ...headers })
        response.end(request.method === 'HEAD' ? undefined : body)
      }
      if (url.pathname === '/config.json') {
        send(200, { 'content-type': TYPES['.json'], 'cache-control': 'no-cache', 'cross-origin-resource-policy': 'same-origin' }, Buffer.from(config))
        return
      }
      const file = files.get(url.pathname)
      if (!file) {
        send(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, Buffer.from('Not found'))
        return
      }
      if (file.type === TYPES['.html']) {
        const ancestors = await ancestorsOf(url.searchParams.get('projectId'))
        send(
          200,
          {
            'content-type': file.type,
            'cache-control': 'no-store',
            'content-security-policy': framePolicy({ connect, ancestors }),
            'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
          },
          file.body,
        )
        return
      }
      send(200, { 'content-type': file.type, 'cache-control': 'public, max-age=31536000, immutable', 'cross-origin-resource-policy': 'same-origin' }, file.body)
    } catch {
      if (!response.headersSent) response.writeHead(500, common)
      response.end()
    }
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    outdir: folder,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          if (temporary) rmSync(temporary, { recursive: true, force: true })
          resolve()
        })
      }),
  }
}
