/**
 * The auth service as a Fastify plugin in an app of server/http.mjs beside another route, as
 * airlock-server registers it: its public URL and frame origin read once known (after listening);
 * a social sign-in through it (the OpenID provider reads its own form and token bodies); the app's
 * body rules and `{ message }` errors on its routes; its CORS rules on its routes only; its modules
 * closed when the app closes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createApp, listen } from '../../server/http.mjs'
import { PopupBrowser } from './popupBrowser'
import { authRoutes, type AuthUser } from './server.mjs'
import { socialRoutes } from './social.mjs'
import { startSmtpSink, type SmtpSink } from './smtpSink.mjs'

const PROJECT = 'plugin-project'
const PAGE = 'https://shop.example'

let sink: SmtpSink
let app: FastifyInstance
let base = ''
let frame = ''
let closed = 0
const logs: string[] = []

beforeAll(async () => {
  sink = await startSmtpSink()
  app = createApp({ log: (line) => logs.push(line) })
  await app.register(authRoutes, {
    baseUrl: () => base,
    frameOrigins: () => (frame === '' ? [] : [frame]),
    smtp: { host: sink.host, port: sink.port },
    projects: { [PROJECT]: { allowedOrigins: [PAGE], smartAccountEnabledNetworks: [] } },
    routes: [(ctx) => socialRoutes(ctx), () => Object.assign(() => undefined, { close: () => void (closed += 1) })],
    log: (line) => logs.push(line),
  })
  app.get('/v1/other', async () => ({ other: true }))
  base = (await listen(app)).url
  frame = 'http://127.0.0.1:5399'
})

afterAll(async () => {
  await app?.close()
  await sink?.stop()
})

const headers = { 'x-airlock-project': PROJECT, 'x-airlock-origin': PAGE }
const post = async (path: string, body: string, contentType = 'application/json', extra: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { ...headers, 'content-type': contentType, ...extra }, body })
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }
}

describe('the auth service as a plugin of another app', () => {
  it('signs in with a social provider through it, its links on the URL known once listening', async () => {
    const redirect = await post('/v1/social/redirect', JSON.stringify({ provider: 'discord', returnTo: `${PAGE}/back` }))
    expect(redirect.status).toBe(200)
    const uri = new URL(String(redirect.body.uri))
    expect(uri.origin + uri.pathname).toBe(`${base}/oidc/auth`)
    const { returned } = await new PopupBrowser(base).signIn(uri.href, 'mallory')
    expect(returned!.origin).toBe(PAGE)
    const connected = await post('/v1/social/connect', JSON.stringify({ resultUri: returned!.searchParams.get('result_uri') }))
    expect(connected.status).toBe(200)
    expect(connected.body.user as AuthUser).toMatchObject({ provider: 'discord', userName: 'mallory' })
    const session = await fetch(`${base}/v1/session`, { headers: { ...headers, authorization: `Bearer ${String(connected.body.token)}` } })
    expect(await session.json()).toEqual({ user: connected.body.user })
  })

  it('answers bad bodies, unknown paths and other methods with the app’s { message } errors', async () => {
    const email = { email: 'big@example.com', deviceId: 'd', padding: 'x'.repeat(64 * 1024) }
    expect(await post('/v1/email/connect', JSON.stringify(email))).toMatchObject({ status: 413, body: { message: 'The body is too large' } })
    expect(await post('/v1/email/connect', '{"email":')).toMatchObject({ status: 400, body: { message: 'The body is not JSON' } })
    expect(await post('/v1/email/connect', '{}', 'text/plain')).toMatchObject({ status: 415, body: { message: 'The body must be JSON' } })
    expect(await post('/v1/email/connect', JSON.stringify({ email: 'a@b' }))).toMatchObject({ status: 400, body: { message: 'Invalid email' } })
    const deleted = await fetch(`${base}/v1/session`, { method: 'DELETE', headers })
    expect(deleted.status).toBe(405)
    expect(deleted.headers.get('allow')).toBe('GET, HEAD')
    expect(await deleted.json()).toEqual({ message: 'Method not allowed' })
    const missing = await fetch(`${base}/v1/email/nothing`, { method: 'POST', headers })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: 'Not found' })
    expect(logs).toEqual([])
  })

  it('applies its CORS rules to its own routes, the frame origin read once known, and leaves the app’s others alone', async () => {
    const preflight = (path: string, origin: string) =>
      fetch(`${base}${path}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      })
    for (const path of ['/v1/email/connect', '/v1/social/redirect', '/oidc/token']) {
      const allowed = await preflight(path, frame)
      expect(allowed.status).toBe(204)
      expect(allowed.headers.get('access-control-allow-origin')).toBe(frame)
      const refused = await preflight(path, PAGE)
      expect(refused.status).toBe(403)
      expect(refused.headers.get('access-control-allow-origin')).toBeNull()
    }
    const write = await post('/v1/email/connect', JSON.stringify({ email: 'cors@example.com', deviceId: 'd' }), 'application/json', { origin: PAGE })
    expect(write).toMatchObject({ status: 403, body: { message: 'Origin not allowed' } })
    await expect(sink.waitForMail({ to: 'cors@example.com', timeoutMs: 300 })).rejects.toThrow(/No mail/)

    const other = await fetch(`${base}/v1/other`, { headers: { origin: frame } })
    expect(await other.json()).toEqual({ other: true })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    expect((await preflight('/v1/other', frame)).status).toBe(404)
  })

  it('closes its route modules when the app closes', async () => {
    expect(closed).toBe(0)
    await app.close()
    expect(closed).toBe(1)
  })
})
