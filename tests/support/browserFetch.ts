/**
 * A fetch that calls a cross-origin service as one browser profile's page would: every request
 * carries the page's Origin; cookies the service sets are kept (`Max-Age=0` deletes one) and sent
 * back only when the call asks for them (`credentials: 'include'`), as a browser does for a
 * cross-origin fetch. Two of these are two browsers. For tests against the real sessions service.
 *
 * ```ts
 * const browser = browserFetch('http://127.0.0.1:5173')
 * await browser.fetch(`${service.url}/v1/sessions`, { method: 'POST', credentials: 'include', body })
 * browser.cookies() // { '__Host-airlock-siwx': '…' }
 * ```
 */
export interface BrowserFetch {
  readonly fetch: typeof fetch
  /** The cookies this browser holds, by name. */
  cookies(): Record<string, string>
  /** Every Set-Cookie header the service answered, as sent. */
  readonly setCookies: string[]
}

export function browserFetch(origin: string): BrowserFetch {
  const jar = new Map<string, string>()
  const setCookies: string[] = []
  const browserFetchImpl: typeof fetch = async (input, init) => {
    const include = init?.credentials === 'include'
    const headers = new Headers(init?.headers)
    headers.set('origin', origin)
    if (include && jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await fetch(input, { ...init, headers })
    for (const line of response.headers.getSetCookie()) {
      setCookies.push(line)
      if (!include) continue
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(name)
      else jar.set(name, pair.slice(eq + 1).trim())
    }
    return response
  }
  return { fetch: browserFetchImpl, cookies: () => Object.fromEntries(jar), setCookies }
}
