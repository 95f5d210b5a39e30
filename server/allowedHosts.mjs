// Which Host a request may name (AIRLOCK_ALLOWED_HOSTS). A page on another site can point a name
// it controls at 127.0.0.1 (DNS rebinding) and then call a server on the visitor's machine as if
// same-origin; refusing every Host the server was not told it answers to stops that. The default:
// the public URL's host, the secure frame's, and the loopback names with the port it listens on.
import { HttpError } from './http.mjs'

export const HOST_NOT_ALLOWED = 'Host not allowed (AIRLOCK_ALLOWED_HOSTS)'

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]']

/** `host[:port]` as a Host header carries it, lowercased. */
const hostOf = (url) => new URL(url).host.toLowerCase()

/**
 * The Host values answered: `allowedHosts` when the site owner set them, else the public and
 * frame URLs' hosts and the loopback names on `port`.
 */
export function allowedHostsFor({ allowedHosts, publicUrl, frameUrl, host, port }) {
  if (allowedHosts !== undefined) return new Set(allowedHosts.map((h) => h.toLowerCase()))
  const hosts = new Set([...LOOPBACK, host].map((name) => `${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`.toLowerCase()))
  for (const url of [publicUrl, frameUrl]) if (url !== undefined) hosts.add(hostOf(url))
  return hosts
}

/** An onRequest hook: 421 with HOST_NOT_ALLOWED when the request's Host is not in `allowed()`. */
export function hostGuard(allowed) {
  return async (request) => {
    const host = typeof request.headers.host === 'string' ? request.headers.host.toLowerCase() : ''
    if (!allowed().has(host)) throw new HttpError(421, HOST_NOT_ALLOWED)
  }
}
