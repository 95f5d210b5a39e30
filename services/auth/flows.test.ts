/**
 * Sign-ins under way are in the database (issue 24 §2; flows.mjs): two auth services on one
 * database behind one URL (a load balancer here, in front of both), on a real PostgreSQL server
 * and on one PGlite. The local OpenID provider and Farcaster relay stand in for the vendors'
 * (external, one for every instance): the balancer sends them to A; /v1 goes to whichever
 * instance the test names. Checked: a social sign-in started on A completes on B; a state or a
 * result taken on one instance is refused on the other, also when both are asked at once; a
 * restart (a new service on the same database) keeps a started social sign-in and an open
 * Farcaster channel; a Farcaster channel opened on A connects through B, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, request, type Server } from 'node:http'
import { randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { openDatabase } from '../../server/db/database.mjs'
import type { Database } from '../../server/db/database.d.mts'
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.mjs'
import { startAnvil, type Anvil } from '../chain/anvil.mjs'
import { farcasterRoutes, registerFarcasterUser, signInWithFarcaster } from './farcaster.mjs'
import { PopupBrowser } from './popupBrowser'
import { startAuthService, type AuthService, type AuthUser } from './server.mjs'
import { SOCIAL_PROVIDERS, socialRoutes } from './social.mjs'
import { startSmtpSink, type SmtpSink } from './smtpSink.mjs'
import { idleMs } from '../../tests/support/until'

const PROJECT = 'flows-project'
const PAGE = 'https://shop.example'
// The providers' client secrets, configured alike on every instance (as a site's would be).
const CLIENT_SECRETS = Object.fromEntries(SOCIAL_PROVIDERS.map((name) => [name, randomBytes(32).toString('base64url')]))

let postgres: TestPostgres
let sink: SmtpSink
let anvil: Anvil
beforeAll(async () => {
  ;[postgres, sink, anvil] = await Promise.all([startPostgres(), startSmtpSink(), startAnvil()])
}, idleMs(120_000))
afterAll(async () => {
  await Promise.all([sink?.stop(), anvil?.stop()])
  await postgres?.stop()
}, idleMs(60_000))

/** A load balancer on 127.0.0.1: /oidc and /farcaster to `vendors`, everything else to `next`. */
async function startBalancer() {
  const ports = { vendors: 0, next: 0 }
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/'
    const port = /^\/(oidc|farcaster)(\/|\?|$)/.test(path) ? ports.vendors : ports.next
    const upstream = request({ host: '127.0.0.1', port, method: req.method, path, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    ports,
    async stop() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

describe.each([
  // Each instance its own pool on one database, as two processes would have.
  [
    'PostgreSQL',
    async (): Promise<[Database, Database]> => {
      const url = await postgres.createDatabase()
      return [await openDatabase({ url }), await openDatabase({ url })]
    },
  ],
  [
    'one PGlite',
    async (): Promise<[Database, Database]> => {
      const db = await openDatabase()
      return [db, db]
    },
  ],
])('two auth services behind one URL on %s', (_engine, open) => {
  let dbs: Database[] = []
  let balancer: Awaited<ReturnType<typeof startBalancer>>
  let a: AuthService
  let b: AuthService
  let base: string

  const start = (db: Database) =>
    startAuthService({
      db,
      publicUrl: balancer.url,
      smtp: { host: sink.host, port: sink.port },
      projects: { [PROJECT]: { allowedOrigins: [PAGE], smartAccountEnabledNetworks: [] } },
      frameOrigins: ['http://127.0.0.1:5399'],
      routes: [
        (ctx) => socialRoutes(ctx, { clientSecrets: CLIENT_SECRETS }),
        (ctx) => farcasterRoutes(ctx, { rpcUrl: anvil.url, connectWaitMs: 5_000, pollIntervalMs: 50 }),
      ],
      log: () => undefined,
    })

  beforeAll(async () => {
    const [first, second] = await open()
    dbs = [first, second].filter((db, i, all) => all.indexOf(db) === i)
    balancer = await startBalancer()
    base = balancer.url
    ;[a, b] = await Promise.all([start(first), start(second)])
    balancer.ports.vendors = a.port
  }, idleMs(120_000))
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await balancer?.stop()
    for (const db of dbs) await db.close()
  }, idleMs(60_000))

  /** Sends /v1 to `service` from now on. */
  const via = (service: AuthService) => void (balancer.ports.next = service.port)

  const call = async (service: AuthService, path: string, body: unknown = {}) => {
    via(service)
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-airlock-project': PROJECT, 'x-airlock-origin': PAGE },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  const sessionUser = async (service: AuthService, token: unknown) => {
    via(service)
    const response = await fetch(`${base}/v1/session`, {
      headers: { 'x-airlock-project': PROJECT, 'x-airlock-origin': PAGE, authorization: `Bearer ${String(token)}` },
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as { user: AuthUser }).user
  }

  const startSocial = async (service: AuthService, provider = 'google') => {
    const { status, body } = await call(service, '/v1/social/redirect', { provider, returnTo: `${PAGE}/back` })
    expect(status).toBe(200)
    return String(body.uri)
  }

  /** The popup's way back to the page (returnTo with result_uri or social_error), its callback taken by `service`. */
  const finishSocial = async (service: AuthService, uri: string, username: string) => {
    via(service)
    const { returned } = await new PopupBrowser(base).signIn(uri, username)
    expect(returned!.origin).toBe(PAGE)
    return returned!.searchParams
  }

  it('a social sign-in started on A completes on B, and what B took A refuses', async () => {
    const started = new URL(await startSocial(a))
    expect(started.origin + started.pathname).toBe(`${base}/oidc/auth`)
    expect(started.searchParams.get('redirect_uri')).toBe(`${base}/v1/social/callback`)
    const back = await finishSocial(b, started.href, 'alice')
    expect(back.get('social_error')).toBeNull()
    const resultUri = back.get('result_uri')
    expect(resultUri).toMatch(new RegExp(`^${base}/v1/social/result\\?id=`))

    const connected = await call(b, '/v1/social/connect', { resultUri })
    expect(connected.status).toBe(200)
    expect(connected.body.user).toMatchObject({ provider: 'google', userName: 'alice', email: 'alice@google.example' })
    expect(await sessionUser(a, connected.body.token)).toEqual(connected.body.user)
    expect(await call(a, '/v1/social/connect', { resultUri })).toEqual({ status: 400, body: { message: 'This sign-in result was already used' } })
  })

  it('takes a state once: a callback replayed on the other instance goes back with social_error', async () => {
    const uri = await startSocial(a)
    via(b)
    const { callback, returned } = await new PopupBrowser(base).signIn(uri, 'bob')
    expect(returned!.searchParams.get('result_uri')).not.toBeNull()
    via(a)
    const replay = await fetch(callback, { redirect: 'manual' })
    expect(replay.status).toBe(302)
    const back = new URL(replay.headers.get('location')!)
    expect(back.origin).toBe(PAGE)
    expect(back.searchParams.get('result_uri')).toBeNull()
    expect(back.searchParams.get('social_error')).toBe('This sign-in was already used: start it again')
  })

  it('gives one result for a state whose callback reaches both instances at once', async () => {
    const { callback } = await new PopupBrowser(base).signIn(await startSocial(a), 'carol', { stopAtCallback: true })
    const { pathname, search } = new URL(callback)
    const answers = await Promise.all(
      [a, b].map(async (service) => {
        const response = await fetch(`http://127.0.0.1:${service.port}${pathname}${search}`, { redirect: 'manual' })
        expect(response.status).toBe(302)
        return new URL(response.headers.get('location')!).searchParams
      }),
    )
    const results = answers.map((params) => params.get('result_uri')).filter((value) => value !== null)
    expect(results).toHaveLength(1)
    expect(answers.map((params) => params.get('social_error')).filter((value) => value !== null)).toEqual(['This sign-in was already used: start it again'])
    // The one result, redeemed at once by both: one session.
    const connects = await Promise.all([a, b].map((service) => connectDirect(service, results[0]!)))
    expect(connects.map((answer) => answer.status).sort()).toEqual([200, 400])
  })

  /** POST /v1/social/connect straight to `service` (not through the balancer's switch), for two at once. */
  const connectDirect = async (service: AuthService, resultUri: string) => {
    const response = await fetch(`http://127.0.0.1:${service.port}/v1/social/connect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-airlock-project': PROJECT, 'x-airlock-origin': PAGE },
      body: JSON.stringify({ resultUri }),
    })
    return { status: response.status }
  }

  it('keeps a started social sign-in across a restart of the instance that started it', async () => {
    const uri = await startSocial(b, 'github')
    await b.stop()
    b = await start(dbs.at(-1)!)
    const back = await finishSocial(b, uri, 'dave')
    expect(back.get('social_error')).toBeNull()
    const connected = await call(b, '/v1/social/connect', { resultUri: back.get('result_uri') })
    expect(connected.status).toBe(200)
    expect(connected.body.user).toMatchObject({ provider: 'github', userName: 'dave' })
  })

  it('connects a Farcaster channel opened on A through B, once; a restart keeps an open channel', async () => {
    const custody = generatePrivateKey()
    const fid = 7000 + Math.floor(Math.random() * 1000)
    await registerFarcasterUser({ rpcUrl: anvil.url, fid, custody: privateKeyToAccount(custody).address })

    const opened = await call(a, '/v1/farcaster/uri')
    expect(opened.status).toBe(200)
    const { url, channelToken } = opened.body as { url: string; channelToken: string }
    await signInWithFarcaster({ relayUrl: `${base}/farcaster`, url, fid, username: 'erin', privateKey: custody })
    const connected = await call(b, '/v1/farcaster/connect', { channelToken })
    expect(connected.status).toBe(200)
    expect(connected.body.user).toMatchObject({ provider: 'farcaster', userName: 'erin' })
    expect(await call(a, '/v1/farcaster/connect', { channelToken })).toEqual({ status: 400, body: { message: 'Unknown or expired Farcaster channel' } })

    const second = await call(b, '/v1/farcaster/uri')
    const pending = second.body as { url: string; channelToken: string }
    await b.stop()
    b = await start(dbs.at(-1)!)
    await signInWithFarcaster({ relayUrl: `${base}/farcaster`, url: pending.url, fid, username: 'erin', privateKey: custody })
    const after = await call(b, '/v1/farcaster/connect', { channelToken: pending.channelToken })
    expect(after.status).toBe(200)
    expect((after.body.user as AuthUser).id).toBe((connected.body.user as AuthUser).id)
  })
})
