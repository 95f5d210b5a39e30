/**
 * The site's own social providers (the `socials` setting, issue 24 §1): airlock-server signs in
 * through an OpenID Connect issuer on another origin (here oidc-provider on its own loopback port,
 * standing where Google is), found by discovery, with the client id and secret the site registered
 * there; the demo's local provider is not mounted, a provider not configured is unknown, the secret
 * is never printed, and a provider the server does not know is a setting error.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from './db/database.mjs'
import type { Database } from './db/database.d.mts'
import { describeSettings, loadSettings, SettingsError } from './settings.mjs'
import { startAirlockServer, type AirlockServer } from './app.mjs'
import { createOidcProvider } from '../services/auth/oidc.mjs'
import { PopupBrowser } from '../services/auth/popupBrowser'
import { freePort } from '../services/chain/anvil.mjs'
import { idleMs } from '../tests/support/until'
import { tempDirs } from '../tests/support/tempDirs'

const tempDir = tempDirs('airlock-socials-')

const PROJECT = 'socials-project'
const PAGE = 'https://shop.example'
const SECRET = 'the-google-client-secret-of-this-site'

let db: Database
let server: AirlockServer
let issuerHost: Server
let issuer: string
let printed: string[]

beforeAll(async () => {
  db = await openDatabase()
  const port = await freePort()
  issuer = `http://127.0.0.1:${port}/oidc`
  const settings = {
    ...loadSettings({ env: { AIRLOCK_PORT: '0' }, cwd: process.cwd() }),
    projects: { [PROJECT]: { allowedOrigins: [PAGE] } },
    socials: { google: { issuer, clientId: 'google', clientSecret: SECRET } },
  }
  printed = describeSettings(settings)
  server = await startAirlockServer(settings, { db, log: () => undefined })
  // The issuer knows the site's client: its id, its secret, and the server's callback.
  const provider = await createOidcProvider({
    issuer,
    redirectUri: `${server.publicUrl}/v1/social/callback`,
    clients: ['google'],
    clientSecrets: { google: SECRET },
  })
  issuerHost = createServer((req, res) => void provider.handle(req, res, new URL(req.url ?? '/', issuer)))
  await new Promise<void>((resolve) => issuerHost.listen(port, '127.0.0.1', resolve))
}, idleMs(120_000))
afterAll(async () => {
  await server?.stop()
  issuerHost?.closeAllConnections()
  await new Promise((resolve) => issuerHost?.close(resolve))
  await db?.close()
}, idleMs(60_000))

const call = async (path: string, body: unknown) => {
  const answer = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.frameUrl, 'x-airlock-project': PROJECT, 'x-airlock-origin': PAGE },
    body: JSON.stringify(body),
  })
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

it(
  'signs in through the configured issuer on another origin; only configured providers; the secret never printed',
  async () => {
    const started = await call('/v1/social/redirect', { provider: 'google', returnTo: `${PAGE}/account` })
    expect(started.status).toBe(200)
    const uri = new URL(String(started.body.uri))
    expect(`${uri.origin}${uri.pathname}`).toBe(`${issuer}/auth`)
    expect(uri.searchParams.get('redirect_uri')).toBe(`${server.publicUrl}/v1/social/callback`)

    // The popup: the issuer's login form, then back to the server's callback, then to the page.
    const browser = new PopupBrowser(new URL(issuer).origin)
    const { returned } = await browser.signIn(uri.href, 'alice')
    expect(returned!.origin).toBe(new URL(server.url).origin)
    expect(returned!.pathname).toBe('/v1/social/callback')
    const back = await browser.request(returned!.href)
    expect(back.status).toBe(302)
    const page = new URL(back.headers.get('location')!)
    expect(page.origin + page.pathname).toBe(`${PAGE}/account`)
    const resultUri = page.searchParams.get('result_uri')
    expect(resultUri, page.href).toBeTruthy()
    const connected = await call('/v1/social/connect', { resultUri })
    expect(connected.status).toBe(200)
    expect(connected.body.user).toMatchObject({ provider: 'google', userName: 'alice', email: 'alice@google.example' })

    expect(await call('/v1/social/redirect', { provider: 'github', returnTo: `${PAGE}/` })).toMatchObject({
      status: 400,
      body: { message: 'Unknown social provider: github' },
    })
    expect((await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).status).toBe(404)
    expect(printed.join('\n')).toContain(issuer)
    expect(printed.join('\n')).not.toContain(SECRET)
  },
  idleMs(60_000),
)

it('refuses a provider it does not know, naming the setting', () => {
  const cwd = process.cwd()
  const bad = { myspace: { issuer: 'https://myspace.example', clientId: 'a', clientSecret: SECRET } }
  const file = join(tempDir(), 'airlock.config.json')
  writeFileSync(file, JSON.stringify({ socials: bad }))
  let error: unknown
  try {
    loadSettings({ env: { AIRLOCK_CONFIG: file }, cwd })
  } catch (thrown) {
    error = thrown
  }
  expect(error).toBeInstanceOf(SettingsError)
  expect((error as SettingsError).message).toMatch(
    /^Setting socials \(in .*\): the value given is not an object of \{ issuer, clientId, clientSecret \} by provider/,
  )
  expect((error as SettingsError).message).not.toContain(SECRET)
})
