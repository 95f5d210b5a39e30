/**
 * For the tests: the social sign-in popup's browser, with fetch and a cookie jar (cookies by name
 * and path, redirects followed by hand), and the way through the local OpenID provider's login
 * form. `service` is the auth service's origin: redirects are followed while they stay on it.
 */
export class PopupBrowser {
  private readonly cookies = new Map<string, { value: string; path: string }>()

  constructor(private readonly service: string) {}

  async request(url: string, init: RequestInit = {}) {
    const target = new URL(url)
    const cookie = [...this.cookies]
      .filter(([, c]) => target.pathname === c.path || target.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ')
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const name = pair.slice(0, pair.indexOf('='))
      const value = pair.slice(pair.indexOf('=') + 1)
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/'
      const expired = attributes.some((a) => a.toLowerCase() === 'expires=thu, 01 jan 1970 00:00:00 gmt')
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, { value, path })
    }
    return response
  }

  /** Follows redirects while they stay on the auth service; the first answer elsewhere or not a redirect. */
  async follow(url: string, init: RequestInit = {}) {
    let response = await this.request(url, init)
    let location = url
    while (response.status >= 300 && response.status < 400) {
      location = new URL(response.headers.get('location')!, location).href
      if (new URL(location).origin !== this.service) return { response, location }
      response = await this.request(location)
    }
    return { response, location }
  }

  /**
   * Through the provider's login form (authorization URL `uri`) as `username`, following redirects
   * on the service. `returned`: the first URL off the service (returnTo with result_uri or
   * social_error), or the last one on it; `callback`: the callback URL the provider sent the popup
   * to. With `stopAtCallback`, the callback is not opened: `returned` is undefined.
   */
  async signIn(uri: string, username: string, { stopAtCallback = false } = {}) {
    const toForm = await this.follow(uri)
    if (toForm.response.status !== 200) throw new Error(`The login form answered ${toForm.response.status}`)
    const action = (await toForm.response.text()).match(/<form method="post" action="([^"]+)">/)?.[1]
    if (action === undefined) throw new Error('No login form')
    let callback = ''
    let response = await this.request(new URL(action, toForm.location).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username }).toString(),
    })
    let location = toForm.location
    while (response.status >= 300 && response.status < 400) {
      location = new URL(response.headers.get('location')!, location).href
      if (new URL(location).origin !== this.service) break
      if (new URL(location).pathname === '/v1/social/callback') {
        callback = location
        if (stopAtCallback) return { returned: undefined, callback }
      }
      response = await this.request(location)
    }
    return { returned: new URL(location), callback }
  }
}
