// A local reference of the provider configuration API (SPEC §7): project features, allowed
// origins, the wallet catalog with paging and filters, and wallet images. Loopback only; CORS
// reflects only loopback origins and those configured, never '*'.
import { createServer } from 'node:http'
import { WALLETS, walletIcon } from './catalog.mjs'

export const DEFAULT_FEATURES = [
  { id: 'email', isEnabled: true },
  // SPEC §9's default socials, in its order.
  { id: 'social', isEnabled: true, config: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] },
  { id: 'swap', isEnabled: true },
  { id: 'onramp', isEnabled: true, config: null },
  { id: 'activity', isEnabled: true },
]

export const MAX_ENTRIES = 100
export const MAX_PAGE = 100_000
const DEFAULT_ENTRIES = 40

/**
 * A whole number >= 1 written in plain digits, capped at `max`; anything else (absent, 'abc',
 * '-5', '2.5', '0', '1e3') is `fallback`; a huge one is `max`. Never throws, never NaN or Infinity.
 */
const positiveInt = (value, fallback, max) => {
  if (typeof value !== 'string') return fallback
  const text = value.trim()
  if (!/^\d+$/.test(text)) return fallback
  const digits = text.replace(/^0+(?=\d)/, '')
  if (digits.length > 15) return max
  const n = Number(digits)
  return n >= 1 ? Math.min(n, max) : fallback
}
const idList = (value) =>
  typeof value === 'string' && value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : []

/** Filter and page the catalog as /getWallets does. Never throws on odd query values. */
export function queryWallets(wallets, query) {
  const page = positiveInt(query.page, 1, MAX_PAGE)
  const entries = positiveInt(query.entries, DEFAULT_ENTRIES, MAX_ENTRIES)
  const include = idList(query.include)
  const exclude = new Set(idList(query.exclude))
  const chains = idList(query.chains)
  const search = (typeof query.search === 'string' ? query.search : '').trim().toLowerCase().slice(0, 100)
  let list = wallets
  if (include.length > 0) list = list.filter((w) => include.includes(w.id))
  if (exclude.size > 0) list = list.filter((w) => !exclude.has(w.id))
  if (chains.length > 0) list = list.filter((w) => (w.chains ?? []).some((c) => chains.includes(c)))
  if (search) list = list.filter((w) => w.name.toLowerCase().includes(search))
  const badge = typeof query.badge_type === 'string' ? query.badge_type.trim() : ''
  if (badge) list = list.filter((w) => w.badge_type === badge)
  const start = (page - 1) * entries
  return { data: list.slice(start, start + entries), count: list.length }
}

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?$/

export async function startConfigService({ port = 0, wallets = WALLETS, features = DEFAULT_FEATURES, allowedOrigins = [], corsOrigins = [] } = {}) {
  const images = new Map(wallets.map((w) => [w.image_id ?? w.id, w.name]))
  const server = createServer((req, res) => {
    const origin = req.headers.origin
    const headers = { vary: 'Origin' }
    if (typeof origin === 'string' && (LOOPBACK.test(origin) || corsOrigins.includes(origin))) {
      headers['access-control-allow-origin'] = origin
      headers['access-control-allow-methods'] = 'GET, OPTIONS'
      headers['access-control-allow-headers'] = 'content-type'
    }
    const json = (status, body) => {
      res.writeHead(status, { ...headers, 'content-type': 'application/json', 'cache-control': 'no-store' })
      res.end(JSON.stringify(body))
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, headers)
      return res.end()
    }
    if (req.method !== 'GET') return json(405, { message: 'Method not allowed' })
    let url
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1')
    } catch {
      return json(400, { message: 'Bad request' })
    }
    const query = Object.fromEntries(url.searchParams)
    if (!query.projectId?.trim()) return json(401, { message: 'Unauthorized: invalid key' })
    const path = url.pathname
    if (path === '/appkit/v1/config') return json(200, { features })
    if (path === '/projects/v1/origins') return json(200, { allowedOrigins })
    if (path === '/getAnalyticsConfig') return json(200, { isAnalyticsEnabled: false })
    if (path === '/getWallets') return json(200, queryWallets(wallets, query))
    const image = /^\/getWalletImage\/([A-Za-z0-9_-]{1,128})$/.exec(path)
    if (image) {
      const name = images.get(image[1])
      if (name === undefined) return json(404, { message: 'Not found' })
      res.writeHead(200, {
        ...headers,
        'content-type': 'image/svg+xml',
        'cache-control': 'public, max-age=86400',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'x-content-type-options': 'nosniff',
      })
      return res.end(walletIcon(image[1], name))
    }
    return json(404, { message: 'Not found' })
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const actual = server.address().port
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}
