// Which page origins may embed the wallet (SPEC §5 "allowed origins", API.md "Projects").
//
// This check decides who gets to talk to a visitor's keys, so it is strict where a looser reading
// would let a look-alike in:
// - the scheme is exact (an http page never passes an https pattern, nor the reverse);
// - `*.` matches one or more whole labels in front of the rest, never the bare domain (previews
//   live on subdomains) and never a host that merely ends with the same characters
//   (`https://evilvercel.app`, `https://x.vercel.app.evil.com`);
// - `:*` is any port; no port in a pattern means the scheme's default port, as in an origin;
// - the origin must be a serialised origin, as `event.origin` and the Origin header are
//   (`https://a.example`, lower case, no path, no default port); anything else, `null` included,
//   never passes. A pattern that cannot be read matches nothing rather than everything.
// Host names on both sides go through the URL parser, so IDNs, IPv4 shorthands and IPv6 are
// compared in the one form browsers send.
//
// The frame imports this module too: nothing here may need Node.

/**
 * The origins every project allows (SPEC §5): loopback pages on any port, over http or https, and
 * https preview hosts.
 */
export const DEFAULT_ALLOWED_ORIGINS = Object.freeze([
  'http://localhost:*',
  'https://localhost:*',
  'http://127.0.0.1:*',
  'https://127.0.0.1:*',
  'http://[::1]:*',
  'https://[::1]:*',
  'https://*.pages.dev',
  'https://*.vercel.app',
  'https://*.ngrok.io',
  'https://*.ngrok-free.app',
])

const DEFAULT_PORTS = { 'http:': 80, 'https:': 443 }
const PATTERN = /^(https?):\/\/(\*\.)?(\[[0-9a-f:.]+\]|[^/?#:@*[\]\s]+)(?::(\d{1,5}|\*))?\/?$/
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/

/** The scheme, host and port of an origin string, or undefined when it is not a serialised http(s) origin. */
function parseOrigin(origin) {
  if (typeof origin !== 'string') return undefined
  let url
  try {
    url = new URL(origin)
  } catch {
    return undefined
  }
  const defaultPort = DEFAULT_PORTS[url.protocol]
  if (defaultPort === undefined || url.origin !== origin) return undefined
  return { scheme: url.protocol, host: url.hostname, port: url.port === '' ? defaultPort : Number(url.port) }
}

/** A host name as the URL parser writes it, or undefined. */
function canonicalHost(scheme, host) {
  try {
    const url = new URL(`${scheme}//${host}`)
    return url.pathname === '/' && url.username === '' && url.port === '' ? url.hostname : undefined
  } catch {
    return undefined
  }
}

const parsedPatterns = new Map()

/** `{ scheme, wildcard, host, port }` (port: a number or '*'), or null for a pattern that cannot be read. */
function parsePattern(pattern) {
  if (parsedPatterns.has(pattern)) return parsedPatterns.get(pattern)
  let parsed = null
  const match = typeof pattern === 'string' ? PATTERN.exec(pattern.trim().toLowerCase()) : null
  if (match) {
    const [, name, star, rawHost, rawPort] = match
    const scheme = `${name}:`
    const host = canonicalHost(scheme, rawHost)
    const port = rawPort === undefined ? DEFAULT_PORTS[scheme] : rawPort === '*' ? '*' : Number(rawPort)
    const validPort = port === '*' || (port >= 1 && port <= 65535)
    // A wildcard in front of an address would be a range of addresses, which no one means.
    const wildcardable = !star || (host !== undefined && !host.startsWith('[') && !IPV4.test(host) && host.includes('.'))
    if (host !== undefined && validPort && wildcardable) parsed = { scheme, wildcard: Boolean(star), host, port }
  }
  if (parsedPatterns.size > 1000) parsedPatterns.clear()
  parsedPatterns.set(pattern, parsed)
  return parsed
}

function hostMatches(pattern, host) {
  if (!pattern.wildcard) return host === pattern.host
  if (IPV4.test(host) || host.startsWith('[')) return false
  const suffix = `.${pattern.host}`
  if (!host.endsWith(suffix)) return false
  const labels = host.slice(0, -suffix.length).split('.')
  return labels.every((label) => label.length > 0)
}

/**
 * Whether `origin` (a serialised origin, e.g. `event.origin`) matches one of `patterns`.
 *
 * ```js
 * originAllowed(['https://*.example.com'], 'https://a.b.example.com') // true
 * originAllowed(['https://*.example.com'], 'https://example.com') // false
 * originAllowed(['http://127.0.0.1:*'], 'http://127.0.0.1:5173') // true
 * originAllowed(['https://shop.example'], 'https://shop.example:8443') // false
 * ```
 */
export function originAllowed(patterns, origin) {
  const subject = parseOrigin(origin)
  if (!subject || !Array.isArray(patterns)) return false
  return patterns.some((raw) => {
    const pattern = parsePattern(raw)
    return (
      pattern !== null && pattern.scheme === subject.scheme && (pattern.port === '*' || pattern.port === subject.port) && hostMatches(pattern, subject.host)
    )
  })
}
