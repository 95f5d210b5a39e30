// A project's allowed origins as the console accepts them: SPEC §5's patterns, read by the same
// rules the auth service and the frame enforce (services/auth/origins.mjs originAllowed):
//   https://shop.example          one origin (no port: the scheme's default)
//   https://shop.example:8443     one origin on a port
//   http://localhost:*            any port
//   https://*.example.com         any subdomain, never the bare domain (not in front of an address)
// Refused: `*` alone, another scheme, a path, query or fragment, user info, a wildcard anywhere
// else, a host that cannot be one. Each is stored in one form (lower case, an IDN as punycode, no
// default port, no trailing slash), the form the frame's frame-ancestors can name.
import { originAllowed } from '../../services/auth/origins.mjs'

const PATTERN = /^(https?):\/\/(\*\.)?(\[[0-9a-f:.]+\]|[^/?#:@*[\]\s\\]+)(?::(\d{1,5}|\*))?\/?$/
const DEFAULT_PORTS = { http: '80', https: '443' }

/** At most this many origins per project, each at most this long. */
export const MAX_ORIGINS = 100
export const MAX_ORIGIN_LENGTH = 255

/**
 * `text` as a stored pattern, or undefined when it is not one SPEC §5 allows.
 *
 * ```js
 * normalizeOriginPattern('https://Shop.Example/') // 'https://shop.example'
 * normalizeOriginPattern('https://*.example.com:*') // 'https://*.example.com:*'
 * normalizeOriginPattern('https://shop.example/path') // undefined
 * ```
 */
export function normalizeOriginPattern(text) {
  if (typeof text !== 'string' || text.length > MAX_ORIGIN_LENGTH) return undefined
  const match = PATTERN.exec(text.toLowerCase())
  if (!match) return undefined
  const [, scheme, star = '', rawHost, rawPort] = match
  let host
  try {
    const url = new URL(`${scheme}://${rawHost}`)
    if (url.pathname !== '/' || url.username !== '' || url.password !== '' || url.port !== '') return undefined
    host = url.hostname
  } catch {
    return undefined
  }
  // Empty labels (`a..b`, a trailing dot) name no site a browser would send as an origin.
  if (!host.startsWith('[') && host.split('.').some((label) => label === '')) return undefined
  if (rawPort !== undefined && rawPort !== '*' && (Number(rawPort) < 1 || Number(rawPort) > 65535)) return undefined
  const port = rawPort === undefined || rawPort === DEFAULT_PORTS[scheme] ? '' : rawPort === '*' ? ':*' : `:${Number(rawPort)}`
  const pattern = `${scheme}://${star}${host}${port}`
  // The pattern must match an origin it describes under the enforcing code's own reading: one it
  // reads as nothing (a wildcard in front of an address or a one-label host) is refused here.
  try {
    const sample = new URL(`${scheme}://${star === '' ? '' : 'a.'}${host}${port === ':*' ? ':1' : port}`).origin
    return originAllowed([pattern], sample) ? pattern : undefined
  } catch {
    return undefined
  }
}
