/**
 * Several instances on one database (issue 24 §2): two auth services and two sessions services
 * share one real PostgreSQL server (and, in process, one PGlite). Rules checked, each across
 * instances: a code mailed by A verifies on B, once; the email cool-down holds across both; a
 * session token A issued is accepted by B, and once revoked on A is refused by B; a device link
 * mailed by A and opened on B wakes the request waiting on A; a project's origin added on A is
 * enforced by B within PROJECT_CACHE_MS; a SIWX nonce issued by A signs in through B once, and a
 * second use through either is refused; B reads the sessions of a credential A issued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { privateKeyToAccount } from 'viem/accounts'
import { openDatabase } from './db/database.mjs'
import type { Database } from './db/database.d.mts'
import { startPostgres, type TestPostgres } from '../tests/support/postgres.mjs'
import { startSmtpSink, type Mail, type SmtpSink } from '../services/auth/smtpSink.mjs'
import { PROJECT_CACHE_MS, startAuthService, type AuthService } from '../services/auth/server.mjs'
import { startSessionsService, type SessionsService } from '../services/sessions/server.mjs'
import { formatSiwxMessage } from '../src/format/siwxMessage'
import { browserFetch } from '../tests/support/browserFetch'
import { idleMs } from '../tests/support/until'

const PROJECT = 'instances-project'
const PAGE = 'https://shop.example'
const SITE = 'http://127.0.0.1:5173'
const EVM = 'eip155:31337'
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

let postgres: TestPostgres
let sink: SmtpSink
beforeAll(async () => {
  ;[postgres, sink] = await Promise.all([startPostgres(), startSmtpSink()])
}, idleMs(120_000))
afterAll(async () => {
  await sink?.stop()
  await postgres?.stop()
}, idleMs(60_000))

const codeIn = (mail: Mail) => /^(\d{6})$/m.exec(mail.text)![1]!
const linkIn = (mail: Mail) => /^(http:\/\/\S+)$/m.exec(mail.text)![1]!

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
])('two instances on %s', (_engine, open) => {
  let dbs: Database[] = []
  let a: AuthService
  let b: AuthService
  let sa: SessionsService
  let sb: SessionsService

  beforeAll(async () => {
    const [first, second] = await open()
    dbs = [first, second].filter((db, i, all) => all.indexOf(db) === i)
    const auth = (db: Database) =>
      startAuthService({
        db,
        smtp: { host: sink.host, port: sink.port },
        projects: { [PROJECT]: { allowedOrigins: [PAGE], smartAccountEnabledNetworks: [31337] } },
        frameOrigins: ['http://127.0.0.1:5399'],
        deviceWaitMs: 10_000,
        log: () => undefined,
      })
    ;[a, b] = await Promise.all([auth(first), auth(second)])
    ;[sa, sb] = await Promise.all([
      startSessionsService({ db: first, origins: [SITE], chainIds: [EVM] }),
      startSessionsService({ db: second, origins: [SITE], chainIds: [EVM] }),
    ])
  }, idleMs(120_000))
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), sa?.stop(), sb?.stop()])
    for (const db of dbs) await db.close()
  }, idleMs(60_000))

  const call = async (service: AuthService, path: string, { body, token, origin = PAGE }: { body?: unknown; token?: string; origin?: string } = {}) => {
    const response = await fetch(`${service.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'x-airlock-project': PROJECT,
        'x-airlock-origin': origin,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined }
  }

  it('a code mailed by A verifies on B, once; the cool-down A started holds on B', async () => {
    const email = `both-${randomUUID()}@example.com`
    const deviceId = `device-${randomUUID()}`
    expect((await call(a, '/v1/email/connect', { body: { email, deviceId } })).body).toEqual({ action: 'VERIFY_OTP' })
    const mail = await sink.waitForMail({ to: email })
    // B refuses to mail the same address within the cool-down A started.
    const again = await call(b, '/v1/email/connect', { body: { email, deviceId } })
    expect(again.status).toBe(429)
    expect(again.body?.['message']).toMatch(/^Please try again after \d+ seconds$/)
    const signedIn = await call(b, '/v1/email/otp', { body: { email, deviceId, otp: codeIn(mail) } })
    expect(signedIn.status).toBe(200)
    // Spent: neither instance takes it again.
    expect((await call(a, '/v1/email/otp', { body: { email, deviceId, otp: codeIn(mail) } })).body).toEqual({ message: 'Code expired' })
  })

  it('a session token issued by A works on B; revoked on A, B refuses it', async () => {
    const email = `token-${randomUUID()}@example.com`
    const deviceId = `device-${randomUUID()}`
    await call(a, '/v1/email/connect', { body: { email, deviceId } })
    const otp = await call(a, '/v1/email/otp', { body: { email, deviceId, otp: codeIn(await sink.waitForMail({ to: email })) } })
    const token = otp.body!['token'] as string
    expect((await call(b, '/v1/session', { token })).status).toBe(200)
    expect((await call(a, '/v1/session/signout', { body: {}, token })).status).toBe(200)
    expect(await call(b, '/v1/session', { token })).toEqual({ status: 401, body: { message: 'Session expired' } })
  })

  it('a device link mailed by A and opened on B wakes the request waiting on A, which mails the code', async () => {
    const email = `link-${randomUUID()}@example.com`
    const first = `device-${randomUUID()}`
    await call(a, '/v1/email/connect', { body: { email, deviceId: first } })
    await call(a, '/v1/email/otp', { body: { email, deviceId: first, otp: codeIn(await sink.waitForMail({ to: email })) } })

    const second = `device-${randomUUID()}`
    const since = Date.now()
    // The first mail's 30 s cool-down, ended in the shared table rather than waited out.
    await dbs[0]!.query('DELETE FROM cooldowns WHERE key = $1', [`login:${email}`])
    expect((await call(a, '/v1/email/connect', { body: { email, deviceId: second } })).body).toEqual({ action: 'VERIFY_DEVICE' })
    const linkMail = await sink.waitForMail({ to: email, since })
    const waiting = call(a, '/v1/email/device', { body: { email, deviceId: second } })
    const opened = linkIn(linkMail).replace(a.url, b.url)
    expect((await fetch(opened)).status).toBe(200)
    expect((await waiting).body).toEqual({ action: 'VERIFY_OTP' })
    const code = await sink.waitForMail({ to: email, after: linkMail })
    expect((await call(b, '/v1/email/otp', { body: { email, deviceId: second, otp: codeIn(code) } })).status).toBe(200)
  })

  it(`a project origin added on A is enforced by B within ${PROJECT_CACHE_MS} ms`, async () => {
    const NEW_PAGE = `https://new-${randomUUID().slice(0, 8)}.example`
    const probe = (service: AuthService) => call(service, '/v1/session', { origin: NEW_PAGE })
    expect((await probe(b)).body).toEqual({ message: 'Unauthorized: origin not allowed' })
    await a.context.projects.put(PROJECT, { allowedOrigins: [PAGE, NEW_PAGE], smartAccountEnabledNetworks: [31337] })
    // A knows at once; B within its cache time (a 401 for the missing token means the origin passed).
    expect((await probe(a)).status).toBe(401)
    await new Promise((resolve) => setTimeout(resolve, PROJECT_CACHE_MS + 50))
    expect((await probe(b)).status).toBe(401)
  })

  it('a SIWX nonce issued by A signs in through B once; a second use through either is refused; B reads what A’s credential holds', async () => {
    const browser = browserFetch(SITE)
    const nonce = ((await (await fetch(`${sa.url}/v1/nonce`, { method: 'POST', headers: { origin: SITE } })).json()) as { nonce: string }).nonce
    const now = Date.now()
    const message = formatSiwxMessage({
      domain: '127.0.0.1:5173',
      uri: SITE,
      accountAddress: account.address,
      chainId: EVM,
      version: '1',
      nonce,
      issuedAt: new Date(now - 1000).toISOString(),
      expirationTime: new Date(now + 3_600_000).toISOString(),
    })
    const signature = await account.signMessage({ message })
    const post = (service: SessionsService) =>
      browser.fetch(`${service.url}/v1/sessions`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message, signature }),
      })
    const created = await post(sb)
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    for (const service of [sa, sb]) {
      const replay = await post(service)
      expect(replay.status).toBe(401)
      expect(((await replay.json()) as { message: string }).message).toMatch(/nonce/)
    }
    // The cookie B set reads the session on A.
    const listed = await browser.fetch(`${sa.url}/v1/sessions`, { credentials: 'include' })
    expect(((await listed.json()) as { sessions: { id: string }[] }).sessions.map((s) => s.id)).toEqual([id])
  })
})
