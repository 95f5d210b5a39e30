/**
 * Social sign-in through the local OpenID provider, the way the popup goes, with fetch and a
 * cookie jar: redirect → the provider's login form → user name → (implicit consent) → callback →
 * back to returnTo with result_uri → connect → a session. And what must be refused: a result used
 * twice or by another project, a returnTo the project does not allow, a state replayed or unknown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { PopupBrowser } from './popupBrowser'
import { socialRoutes } from './social.mjs'
import { startAuthService, type AuthService, type AuthUser } from './server.mjs'
import { startSmtpSink, type SmtpSink } from './smtpSink.mjs'

const PROJECT = 'social-test-project'
const OTHER_PROJECT = 'another-project'
const PAGE = 'https://shop.example'

let sink: SmtpSink
let auth: AuthService
let base: string
/** How far the service's clock is ahead of the real one. */
let clockAhead = 0

beforeAll(async () => {
  sink = await startSmtpSink()
  auth = await startAuthService({
    smtp: { host: sink.host, port: sink.port },
    projects: {
      [PROJECT]: { allowedOrigins: [PAGE], smartAccountEnabledNetworks: [] },
      [OTHER_PROJECT]: { allowedOrigins: [PAGE], smartAccountEnabledNetworks: [] },
    },
    frameOrigins: ['http://127.0.0.1:1'],
    now: () => Date.now() + clockAhead,
    routes: [(ctx) => socialRoutes(ctx)],
  })
  base = auth.url
})

afterAll(async () => {
  await auth?.stop()
  await sink?.stop()
})

const headers = (project = PROJECT) => ({ 'content-type': 'application/json', 'x-airlock-project': project, 'x-airlock-origin': PAGE })

/** The user a session token belongs to, as the service says. */
async function sessionUser(token: unknown) {
  const response = await fetch(`${base}/v1/session`, { headers: { ...headers(), authorization: `Bearer ${String(token)}` } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { user: AuthUser }).user
}

async function call(path: string, body: unknown, project = PROJECT) {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: headers(project), body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function startSignIn(provider: string, returnTo = `${PAGE}/checkout?step=2`) {
  const { status, body } = await call('/v1/social/redirect', { provider, returnTo })
  expect(status).toBe(200)
  return String(body.uri)
}

/** Through the login form as `username`; where the popup ends (returnTo with result_uri or social_error) and the callback URL. */
async function signIn(browser: PopupBrowser, uri: string, username: string) {
  const { returned, callback } = await browser.signIn(uri, username)
  expect(returned!.origin).toBe(PAGE)
  return { returned: returned!, callback }
}

describe('social sign-in through the local OpenID provider', () => {
  it.each([
    ['google', 'alice'],
    ['x', 'Bob.Builder'],
    ['github', 'carol'],
  ])('%s: the code flow with PKCE ends in a session for %s', async (provider, username) => {
    const uri = new URL(await startSignIn(provider, `${PAGE}/checkout?step=2#pay`))
    expect(uri.origin + uri.pathname).toBe(`${base}/oidc/auth`)
    expect(uri.searchParams.get('client_id')).toBe(provider)
    expect(uri.searchParams.get('code_challenge_method')).toBe('S256')
    expect(uri.searchParams.get('redirect_uri')).toBe(`${base}/v1/social/callback`)
    expect(uri.searchParams.get('state')).toBeTruthy()

    const { returned } = await signIn(new PopupBrowser(base), uri.href, username)
    expect(returned.pathname).toBe('/checkout')
    expect(returned.searchParams.get('step')).toBe('2')
    expect(returned.hash).toBe('#pay')
    expect(returned.searchParams.get('social_error')).toBeNull()
    const resultUri = returned.searchParams.get('result_uri')!
    expect(resultUri).toMatch(new RegExp(`^${base}/v1/social/result\\?id=`))

    const { status, body } = await call('/v1/social/connect', { resultUri })
    expect(status).toBe(200)
    const user = body.user as AuthUser
    expect(user).toMatchObject({ provider, userName: username, email: `${username.toLowerCase()}@${provider}.example` })
    expect(await sessionUser(body.token)).toEqual(user)
  })

  it('serves a login page with a "User name" field, a "Continue" button and no script', async () => {
    const { response } = await new PopupBrowser(base).follow(await startSignIn('discord'))
    const html = await response.text()
    expect(html).toContain('<label for="username">User name</label>')
    expect(html).toMatch(/<input id="username" name="username" type="text"/)
    expect(html).toContain('<button type="submit">Continue</button>')
    expect(html).not.toMatch(/<script|\son\w+=/i)
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
  })

  it('keeps one user per provider and user name: the same name again is the same user, at another provider another', async () => {
    const once = async (provider: string) => {
      const { returned } = await signIn(new PopupBrowser(base), await startSignIn(provider), 'dana')
      return (await call('/v1/social/connect', { resultUri: returned.searchParams.get('result_uri') })).body.user as AuthUser
    }
    const first = await once('apple')
    expect((await once('apple')).id).toBe(first.id)
    expect((await once('facebook')).id).not.toBe(first.id)
  })

  it('asks for the login again in a browser that signed in before', async () => {
    const browser = new PopupBrowser(base)
    await signIn(browser, await startSignIn('google'), 'erin')
    const { returned } = await signIn(browser, await startSignIn('google'), 'frank')
    const { body } = await call('/v1/social/connect', { resultUri: returned.searchParams.get('result_uri') })
    expect((body.user as AuthUser).userName).toBe('frank')
  })

  it('uses a result once, and only for the project that started it', async () => {
    const { returned } = await signIn(new PopupBrowser(base), await startSignIn('google'), 'grace')
    const resultUri = returned.searchParams.get('result_uri')
    const stranger = await call('/v1/social/connect', { resultUri }, OTHER_PROJECT)
    expect(stranger.status).toBe(400)
    expect(stranger.body.message).toBe('Unknown or expired sign-in result')
    expect((await call('/v1/social/connect', { resultUri })).status).toBe(200)
    const again = await call('/v1/social/connect', { resultUri })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe('This sign-in result was already used')
    expect((await call('/v1/social/connect', { resultUri: `${base}/v1/social/result?id=${randomUUID()}` })).status).toBe(400)
    expect((await call('/v1/social/connect', { resultUri: `https://elsewhere.example/v1/social/result?id=x` })).status).toBe(400)
  })

  it('refuses a returnTo on an origin the project does not allow, and unknown providers', async () => {
    const evil = await call('/v1/social/redirect', { provider: 'google', returnTo: 'https://evil.example/steal' })
    expect(evil.status).toBe(400)
    expect(evil.body.message).toBe('returnTo is not on an allowed origin of the project')
    expect((await call('/v1/social/redirect', { provider: 'google', returnTo: 'javascript:alert(1)' })).status).toBe(400)
    expect((await call('/v1/social/redirect', { provider: 'myspace', returnTo: PAGE })).status).toBe(400)
  })

  it('sends a replayed callback back with social_error, and answers 400 to a state it never gave', async () => {
    const browser = new PopupBrowser(base)
    const { callback } = await signIn(browser, await startSignIn('x'), 'heidi')
    expect(callback).not.toBe('')
    const replay = await fetch(callback, { redirect: 'manual' })
    expect(replay.status).toBe(302)
    const back = new URL(replay.headers.get('location')!)
    expect(back.origin).toBe(PAGE)
    expect(back.searchParams.get('result_uri')).toBeNull()
    expect(back.searchParams.get('social_error')).toBe('This sign-in was already used: start it again')

    const forged = new URL(callback)
    forged.searchParams.set('state', 'not-a-state-of-ours')
    const unknown = await fetch(forged, { redirect: 'manual' })
    expect(unknown.status).toBe(400)
    expect(unknown.headers.get('location')).toBeNull()
  })

  it('sends a provider error or a bad code back with social_error', async () => {
    const state = new URL(await startSignIn('github')).searchParams.get('state')!
    const denied = await fetch(`${base}/v1/social/callback?state=${state}&error=access_denied&error_description=The+user+said+no`, { redirect: 'manual' })
    expect(denied.status).toBe(302)
    expect(new URL(denied.headers.get('location')!).searchParams.get('social_error')).toBe('The user said no')

    const other = new URL(await startSignIn('github')).searchParams.get('state')!
    const badCode = await fetch(`${base}/v1/social/callback?state=${other}&code=made-up&iss=${encodeURIComponent(`${base}/oidc`)}`, { redirect: 'manual' })
    expect(badCode.status).toBe(302)
    const back = new URL(badCode.headers.get('location')!)
    expect(back.searchParams.get('result_uri')).toBeNull()
    expect(back.searchParams.get('social_error')).toMatch(/^The sign-in with github failed/)
  })

  it('lets a started sign-in last 10 minutes and a result wait 5', async () => {
    try {
      const late = await startSignIn('google')
      clockAhead = 10 * 60_000 + 1
      const { returned } = await signIn(new PopupBrowser(base), late, 'ivan')
      expect(returned.searchParams.get('result_uri')).toBeNull()
      expect(returned.searchParams.get('social_error')).toBe('The sign-in expired: start it again')

      clockAhead = 0
      const { returned: inTime } = await signIn(new PopupBrowser(base), await startSignIn('google'), 'judy')
      clockAhead = 5 * 60_000 + 1
      const stale = await call('/v1/social/connect', { resultUri: inTime.searchParams.get('result_uri') })
      expect(stale.status).toBe(400)
      expect(stale.body.message).toBe('Unknown or expired sign-in result')
    } finally {
      clockAhead = 0
    }
  })
})
