/**
 * The auth service over real HTTP, its mail over real SMTP to the sink: email sign-in (new user,
 * new device with the approval link, wrong and dead codes, the cool-down), sessions (not yet valid,
 * expired, forged, revoked), email update, the wallet backup, projects and origins, CORS, and a
 * route module plugged in through the AuthContext. The service's clock is moved instead of waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { SignJWT, decodeJwt } from 'jose'
import { startSmtpSink, type Mail, type SmtpSink } from './smtpSink.mjs'
import {
  CODE_TRIES,
  CODE_TTL_MS,
  EMAIL_COOLDOWN_MS,
  MAIL_FROM,
  projectCache,
  SESSION_TTL_SECONDS,
  startAuthService,
  type AuthContext,
  type AuthRouteModule,
  type AuthService,
  type AuthUser,
} from './server.mjs'

const PROJECT = 'server-test-project'
const PAGE = 'https://shop.example'
const FRAME = 'http://127.0.0.1:5399'
const DEVICE_WAIT_MS = 1000

let clock = Date.now()
let sink: SmtpSink
let auth: AuthService
let plugged: AuthContext | undefined
const logs: string[] = []

/** A route module as the socials engineer writes one: it only uses what the context offers. */
function probeRoutes(ctx: AuthContext): AuthRouteModule {
  plugged = ctx
  return (app) => {
    app.post('/v1/test/social', async (request, reply) => {
      const caller = await ctx.caller(request, reply)
      if (!caller) return
      const body = (await ctx.readJson(request)) as { subject: string; userName: string }
      const user = await ctx.users.findOrCreateSocial({ provider: 'github', subject: body.subject, userName: body.userName, email: null })
      ctx.sendJson(reply, 200, { token: await ctx.sessions.issue(user), user, caller })
    })
  }
}

beforeAll(async () => {
  sink = await startSmtpSink()
  auth = await startAuthService({
    smtp: { host: sink.host, port: sink.port },
    projects: { [PROJECT]: { allowedOrigins: [PAGE, 'https://*.shop.example'], smartAccountEnabledNetworks: [31337] } },
    frameOrigins: [FRAME],
    now: () => clock,
    deviceWaitMs: DEVICE_WAIT_MS,
    routes: [probeRoutes],
    log: (line) => logs.push(line),
  })
})

afterAll(async () => {
  await auth?.stop()
  await sink?.stop()
})

interface CallOptions {
  method?: string
  body?: unknown
  token?: string
  project?: string | null
  origin?: string | null
  headers?: Record<string, string>
}

async function call(path: string, { method, body, token, project = PROJECT, origin = PAGE, headers = {} }: CallOptions = {}) {
  const response = await fetch(`${auth.url}${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(project === null ? {} : { 'x-airlock-project': project }),
      ...(origin === null ? {} : { 'x-airlock-origin': origin }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  const json = response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : undefined
  return { status: response.status, body: json, text, headers: response.headers }
}

const address = (name: string) => `${name}-${randomUUID()}@example.com`
const device = () => `device-${randomUUID()}`

function codeIn(mail: Mail): string {
  const match = /^(\d{6})$/m.exec(mail.text)
  if (!match) throw new Error(`no code line in: ${mail.text}`)
  return match[1]!
}

function linkIn(mail: Mail): string {
  const match = /^(http:\/\/\S+)$/m.exec(mail.text)
  if (!match) throw new Error(`no link line in: ${mail.text}`)
  return match[1]!
}

/** A wrong code: the right one with its last digit changed. */
const wrong = (code: string) => `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`

/** connect → VERIFY_OTP → the code from the sink → otp: the session. */
async function signIn(email: string, deviceId: string, after?: Mail) {
  const connect = await call('/v1/email/connect', { body: { email, deviceId } })
  expect(connect.body).toEqual({ action: 'VERIFY_OTP' })
  const mail = await sink.waitForMail({ to: email, after })
  const otp = await call('/v1/email/otp', { body: { email, deviceId, otp: codeIn(mail) } })
  expect(otp.status).toBe(200)
  return { ...(otp.body as { token: string; user: AuthUser }), mail }
}

describe('email sign-in', () => {
  it('a new user: VERIFY_OTP, a six-digit code by SMTP, then a session token and the user', async () => {
    const email = address('new')
    const deviceId = device()
    const connect = await call('/v1/email/connect', { body: { email: ` ${email.toUpperCase()} `, deviceId } })
    expect(connect).toMatchObject({ status: 200, body: { action: 'VERIFY_OTP' } })

    const mail = await sink.waitForMail({ to: email })
    expect(mail.from).toBe(MAIL_FROM)
    expect(MAIL_FROM).toBe('Airlock <login@airlock.local>')
    const code = codeIn(mail)

    const otp = await call('/v1/email/otp', { body: { email, deviceId, otp: code } })
    expect(otp.status).toBe(200)
    const { token, user } = otp.body as { token: string; user: AuthUser }
    expect(user).toEqual({ id: expect.any(String), email, userName: null, provider: 'email' })
    const claims = decodeJwt(token)
    expect(claims.sub).toBe(user.id)
    expect(claims.nbf).toBe(claims.iat)
    expect(claims.exp! - claims.iat!).toBe(SESSION_TTL_SECONDS)
    expect(claims.iat).toBe(Math.floor(clock / 1000))
    expect(typeof claims.jti).toBe('string')

    expect(await call('/v1/session', { token })).toMatchObject({ status: 200, body: { user } })
    // The code was spent.
    expect((await call('/v1/email/otp', { body: { email, deviceId, otp: code } })).body).toEqual({ message: 'Code expired' })
  })

  it('the same user on a new device: VERIFY_DEVICE, a link that approves it, then /v1/email/device answers VERIFY_OTP and the code signs in', async () => {
    const email = address('device')
    const first = await signIn(email, device())
    clock += EMAIL_COOLDOWN_MS

    const newDevice = device()
    const connect = await call('/v1/email/connect', { body: { email, deviceId: newDevice } })
    expect(connect.body).toEqual({ action: 'VERIFY_DEVICE' })
    const linkMail = await sink.waitForMail({ to: email, after: first.mail })
    expect(linkMail.from).toBe(MAIL_FROM)
    expect(linkMail.text).not.toMatch(/^\d{6}$/m)
    const link = linkIn(linkMail)
    expect(link.startsWith(`${auth.url}/v1/device/approve?token=`)).toBe(true)

    // No code exists for the new device until the link is opened.
    expect((await call('/v1/email/otp', { body: { email, deviceId: newDevice, otp: '000000' } })).body).toEqual({ message: 'Code expired' })
    const started = Date.now()
    expect(await call('/v1/email/device', { body: { email, deviceId: newDevice } })).toMatchObject({
      status: 408,
      body: { message: 'Device not approved yet' },
    })
    expect(Date.now() - started).toBeGreaterThanOrEqual(DEVICE_WAIT_MS - 50)

    // The frame asks again; the link is opened while it waits, which wakes it.
    const waiting = call('/v1/email/device', { body: { email, deviceId: newDevice } })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const opened = Date.now()
    const page = await fetch(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).toContain('Device approved. You can close this tab.')
    expect(html).not.toMatch(/<script/i)
    expect((await waiting).body).toEqual({ action: 'VERIFY_OTP' })
    expect(Date.now() - opened).toBeLessThan(DEVICE_WAIT_MS)

    const codeMail = await sink.waitForMail({ to: email, after: linkMail })
    const otp = await call('/v1/email/otp', { body: { email, deviceId: newDevice, otp: codeIn(codeMail) } })
    expect(otp.status).toBe(200)
    expect((otp.body as { user: AuthUser }).user.id).toBe(first.user.id)

    // The link works once; the device stays approved.
    expect((await fetch(link)).status).toBe(400)
    clock += EMAIL_COOLDOWN_MS
    expect((await call('/v1/email/connect', { body: { email, deviceId: newDevice } })).body).toEqual({ action: 'VERIFY_OTP' })
  })

  it('/v1/email/device with no approval pending is 400', async () => {
    const unknown = await call('/v1/email/device', { body: { email: address('nobody'), deviceId: device() } })
    expect(unknown).toMatchObject({ status: 400, body: { message: 'No device check pending' } })
  })

  it('a code is bound to the device that asked for it: from another device it is a wrong code', async () => {
    const email = address('bound')
    const deviceId = device()
    await call('/v1/email/connect', { body: { email, deviceId } })
    const code = codeIn(await sink.waitForMail({ to: email }))
    expect(await call('/v1/email/otp', { body: { email, deviceId: device(), otp: code } })).toMatchObject({ status: 400, body: { message: 'Invalid code' } })
    expect((await call('/v1/email/otp', { body: { email, deviceId, otp: code } })).status).toBe(200)
  })

  it(`a wrong code is 400 Invalid code; after ${CODE_TRIES} wrong tries the code is dead, even the right one`, async () => {
    const email = address('tries')
    const deviceId = device()
    await call('/v1/email/connect', { body: { email, deviceId } })
    const code = codeIn(await sink.waitForMail({ to: email }))
    expect(CODE_TRIES).toBe(5)
    for (let i = 0; i < CODE_TRIES; i++) {
      expect(await call('/v1/email/otp', { body: { email, deviceId, otp: wrong(code) } })).toMatchObject({ status: 400, body: { message: 'Invalid code' } })
    }
    expect(await call('/v1/email/otp', { body: { email, deviceId, otp: code } })).toMatchObject({ status: 400, body: { message: 'Code expired' } })
    expect((await call('/v1/email/otp', { body: { email, deviceId, otp: 123456 } })).status).toBe(400)
  })

  it('a code expires after 10 minutes', async () => {
    const email = address('expiry')
    const deviceId = device()
    await call('/v1/email/connect', { body: { email, deviceId } })
    const code = codeIn(await sink.waitForMail({ to: email }))
    clock += CODE_TTL_MS
    expect(await call('/v1/email/otp', { body: { email, deviceId, otp: code } })).toMatchObject({ status: 400, body: { message: 'Code expired' } })
  })

  it('mails an address at most once per 30 s: 429 "Please try again after N seconds", N the seconds left rounded up', async () => {
    const email = address('cooldown')
    const deviceId = device()
    expect((await call('/v1/email/connect', { body: { email, deviceId } })).body).toEqual({ action: 'VERIFY_OTP' })
    const first = await sink.waitForMail({ to: email })
    const tooSoon = async (seconds: number) =>
      expect(await call('/v1/email/connect', { body: { email, deviceId } })).toMatchObject({
        status: 429,
        body: { message: `Please try again after ${seconds} seconds` },
      })
    await tooSoon(30)
    clock += 10_500
    await tooSoon(20)
    clock += 19_499
    await tooSoon(1)
    // Another address is not held back.
    expect((await call('/v1/email/connect', { body: { email: address('other'), deviceId } })).status).toBe(200)
    clock += 1
    expect((await call('/v1/email/connect', { body: { email, deviceId } })).body).toEqual({ action: 'VERIFY_OTP' })
    const second = await sink.waitForMail({ to: email, after: first })
    expect(sink.messages().filter((mail) => mail.to === email)).toEqual([first, second])
    // Only the newest code works.
    expect((await call('/v1/email/otp', { body: { email, deviceId, otp: codeIn(first) } })).status).toBe(codeIn(first) === codeIn(second) ? 200 : 400)
  })

  it('refuses a body that is not JSON, an invalid email, a list of addresses and a missing device id', async () => {
    const raw = await fetch(`${auth.url}/v1/email/connect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-airlock-project': PROJECT, 'x-airlock-origin': PAGE },
      body: '{"email":',
    })
    expect(raw.status).toBe(400)
    expect(await raw.json()).toEqual({ message: 'The body is not JSON' })
    for (const email of ['not-an-email', 'a@b', `${address('a')}, ${address('b')}`, 'a@example.com\r\nBcc: x@example.com']) {
      expect(await call('/v1/email/connect', { body: { email, deviceId: device() } })).toMatchObject({ status: 400, body: { message: 'Invalid email' } })
    }
    expect(await call('/v1/email/connect', { body: { email: address('nodevice') } })).toMatchObject({ status: 400, body: { message: 'Invalid deviceId' } })
  })
})

describe('sessions', () => {
  it('a token whose nbf is ahead of the clock answers the exact JWT message; expired, forged or missing ones "Session expired"', async () => {
    const { token } = await signIn(address('nbf'), device())
    clock -= 60_000
    expect(await call('/v1/session', { token })).toMatchObject({ status: 401, body: { message: 'JWT validation error: JWT Token is not yet valid' } })
    clock += 60_000
    expect((await call('/v1/session', { token })).status).toBe(200)

    const sessionExpired = { status: 401, body: { message: 'Session expired' } }
    const [head, payload, signature] = token.split('.')
    const tampered = `${head}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`
    expect(await call('/v1/session', { token: tampered })).toMatchObject(sessionExpired)
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(decodeJwt(token).sub!)
      .setIssuedAt()
      .setNotBefore(Math.floor(clock / 1000) + 3600)
      .setExpirationTime('2h')
      .setJti(randomUUID())
      .sign(crypto.getRandomValues(new Uint8Array(32)))
    expect(await call('/v1/session', { token: foreign })).toMatchObject(sessionExpired)
    expect(await call('/v1/session', { token: 'not.a.jwt' })).toMatchObject(sessionExpired)
    expect(await call('/v1/session')).toMatchObject(sessionExpired)

    clock += SESSION_TTL_SECONDS * 1000
    expect(await call('/v1/session', { token })).toMatchObject(sessionExpired)
    clock -= SESSION_TTL_SECONDS * 1000
  })

  it('sign-out answers at once and revokes that token, not the user’s others', async () => {
    const { token, user } = await signIn(address('signout'), device())
    const other = await auth.context.sessions.issue(user)
    const started = Date.now()
    expect(await call('/v1/session/signout', { method: 'POST', token })).toMatchObject({ status: 200, body: {} })
    expect(Date.now() - started).toBeLessThan(3000)
    expect(await call('/v1/session', { token })).toMatchObject({ status: 401, body: { message: 'Session expired' } })
    expect((await call('/v1/session/signout', { method: 'POST', token })).status).toBe(401)
    expect(await call('/v1/session', { token: other })).toMatchObject({ status: 200, body: { user } })
  })
})

describe('email update', () => {
  it('a code to the current address (VERIFY_PRIMARY_OTP), then one to the new address (VERIFY_SECONDARY_OTP), then { newEmail, token }', async () => {
    const oldEmail = address('primary')
    const newEmail = address('secondary')
    const deviceId = device()
    const { token, user, mail: signedIn } = await signIn(oldEmail, deviceId)

    expect(await call('/v1/email/update/secondary', { body: { otp: '000000' }, token })).toMatchObject({
      status: 400,
      body: { message: 'No email update pending' },
    })
    expect(await call('/v1/email/update', { body: { email: newEmail }, token })).toMatchObject({ status: 200, body: { action: 'VERIFY_PRIMARY_OTP' } })
    const primaryMail = await sink.waitForMail({ to: oldEmail, after: signedIn })
    expect(primaryMail.text).toContain(newEmail)
    const primary = codeIn(primaryMail)
    expect(await call('/v1/email/update/primary', { body: { otp: wrong(primary) }, token })).toMatchObject({ status: 400, body: { message: 'Invalid code' } })
    expect(await call('/v1/email/update/secondary', { body: { otp: primary }, token })).toMatchObject({
      status: 400,
      body: { message: 'No email update pending' },
    })
    expect(await call('/v1/email/update/primary', { body: { otp: primary }, token })).toMatchObject({ status: 200, body: { action: 'VERIFY_SECONDARY_OTP' } })

    const secondaryMail = await sink.waitForMail({ to: newEmail })
    const secondary = codeIn(secondaryMail)
    const done = await call('/v1/email/update/secondary', { body: { otp: secondary }, token })
    expect(done.status).toBe(200)
    expect(done.body).toEqual({ newEmail, token: expect.any(String) })
    const moved = await call('/v1/session', { token: (done.body as { token: string }).token })
    expect(moved.body).toEqual({ user: { ...user, email: newEmail } })

    // The new address signs in to the same user on the approved device; the old one is free.
    const again = await signIn(newEmail, deviceId, secondaryMail)
    expect(again.user.id).toBe(user.id)
    clock += EMAIL_COOLDOWN_MS
    const fresh = await signIn(oldEmail, deviceId, primaryMail)
    expect(fresh.user.id).not.toBe(user.id)
  })

  it('refuses an address another user has, the same address, and a call without a session', async () => {
    const taken = address('taken')
    await signIn(taken, device())
    const { token, user } = await signIn(address('mover'), device())
    expect(await call('/v1/email/update', { body: { email: taken }, token })).toMatchObject({ status: 409, body: { message: 'Email already in use' } })
    expect(await call('/v1/email/update', { body: { email: user.email }, token })).toMatchObject({ status: 400 })
    expect(await call('/v1/email/update', { body: { email: address('x') } })).toMatchObject({ status: 401, body: { message: 'Session expired' } })
  })
})

describe('wallet', () => {
  const share = () => Buffer.from(Array.from({ length: 33 }, (_, i) => i + 1)).toString('base64')

  it('nothing before the first upload; the first backup and its service share kept, a second one 409 Wallet exists', async () => {
    const { token } = await signIn(address('wallet'), device())
    const first = await call('/v1/wallet', { token })
    expect(first).toMatchObject({ status: 200, body: { serviceShare: null, backup: null, addresses: {} } })
    expect(first.body).not.toHaveProperty('wrapKey')
    expect((await call('/v1/wallet', { token })).body).toEqual(first.body)

    const backup = 'v2.aXY=.ZGF0YQ=='
    const serviceShare = share()
    const addresses = { eip155: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', solana: '11111111111111111111111111111111' }
    expect(await call('/v1/wallet', { method: 'PUT', body: { backup, addresses, serviceShare }, token })).toMatchObject({ status: 200, body: {} })
    expect((await call('/v1/wallet', { token })).body).toEqual({ serviceShare, backup, addresses })

    const replaced = await call('/v1/wallet', { method: 'PUT', body: { backup: 'another', addresses: {}, serviceShare: share() }, token })
    expect(replaced).toMatchObject({ status: 409, body: { message: 'Wallet exists' } })
    expect((await call('/v1/wallet', { token })).body).toEqual({ serviceShare, backup, addresses })
  })

  it('each user gets only their own record; bad shapes are 400; no session is 401', async () => {
    const { token } = await signIn(address('wallet2'), device())
    const { token: otherToken } = await signIn(address('wallet3'), device())
    const addresses = { eip155: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }
    expect(await call('/v1/wallet', { method: 'PUT', body: { backup: 'mine', addresses, serviceShare: share() }, token })).toMatchObject({ status: 200 })
    expect((await call('/v1/wallet', { token: otherToken })).body).toEqual({ serviceShare: null, backup: null, addresses: {} })
    expect(
      await call('/v1/wallet', { method: 'PUT', body: { backup: 'x', addresses: { eip155: '0x123' }, serviceShare: share() }, token: otherToken }),
    ).toMatchObject({
      status: 400,
    })
    expect(await call('/v1/wallet', { method: 'PUT', body: { backup: null, addresses: {}, serviceShare: share() }, token: otherToken })).toMatchObject({
      status: 400,
    })
    expect(
      await call('/v1/wallet', { method: 'PUT', body: { backup: 'x', addresses: { bitcoin: 'bc1q' }, serviceShare: share() }, token: otherToken }),
    ).toMatchObject({
      status: 400,
    })
    for (const serviceShare of [undefined, '', 'short', share() + 'AAAA', 42]) {
      expect(await call('/v1/wallet', { method: 'PUT', body: { backup: 'x', addresses: {}, serviceShare }, token: otherToken })).toMatchObject({
        status: 400,
        body: { message: 'Invalid serviceShare' },
      })
    }
    expect(await call('/v1/wallet')).toMatchObject({ status: 401, body: { message: 'Session expired' } })
  })
})

describe('projects and origins', () => {
  it('GET /v1/projects/{id} answers the project; an unknown one is 404 Unauthorized: invalid key', async () => {
    expect(await call(`/v1/projects/${PROJECT}`, { project: null, origin: null })).toMatchObject({
      status: 200,
      body: { allowedOrigins: [PAGE, 'https://*.shop.example'], smartAccountEnabledNetworks: [31337] },
    })
    expect(await call('/v1/projects/nope', { project: null, origin: null })).toMatchObject({ status: 404, body: { message: 'Unauthorized: invalid key' } })
  })

  it('an id no project can have (a NUL, a space, a dot) is 404 without reaching the store, never a 500 (npm run fuzz, seed 2101089732: GET /v1/projects/%00)', async () => {
    for (const id of ['%00', 'a%00b', 'p%201', 'a.b'])
      expect(await call(`/v1/projects/${id}`, { project: null, origin: null }), id).toMatchObject({
        status: 404,
        body: { message: 'Unauthorized: invalid key' },
      })
    expect(await call('/v1/email/connect', { body: { email: address('nul'), deviceId: device() }, project: 'p 1' })).toMatchObject({
      status: 401,
      body: { message: 'Unauthorized: invalid key' },
    })
  })

  it('the project cache keeps 1,000 ids at most, the oldest going first: ids from the outside never grow it without end', async () => {
    const asked: string[] = []
    const cache = projectCache({ project: async (id: string) => void asked.push(id) }, () => 0)
    for (let i = 0; i <= 1000; i += 1) await cache.get(`p${i}`)
    await cache.get('p1000') // kept
    await cache.get('p0') // the oldest, gone: asked again
    expect(asked.filter((id) => id === 'p1000')).toHaveLength(1)
    expect(asked.filter((id) => id === 'p0')).toHaveLength(2)
    await cache.get('a.b')
    expect(asked).not.toContain('a.b')
  })

  it('an unknown or missing project is 401 Unauthorized: invalid key', async () => {
    const body = { email: address('key'), deviceId: device() }
    expect(await call('/v1/email/connect', { body, project: 'nope' })).toMatchObject({ status: 401, body: { message: 'Unauthorized: invalid key' } })
    expect(await call('/v1/email/connect', { body, project: null })).toMatchObject({ status: 401, body: { message: 'Unauthorized: invalid key' } })
    expect(await call('/v1/session', { project: 'nope' })).toMatchObject({ status: 401, body: { message: 'Unauthorized: invalid key' } })
  })

  it('a page origin the project does not allow is 403 Unauthorized: origin not allowed; its patterns and the defaults pass', async () => {
    const refused = { status: 403, body: { message: 'Unauthorized: origin not allowed' } }
    for (const origin of ['https://evil.example', 'https://shop.example.evil.com', 'http://shop.example', 'https://shop.example:8443', 'null']) {
      expect(await call('/v1/session', { origin })).toMatchObject(refused)
    }
    expect(await call('/v1/email/connect', { body: { email: address('origin'), deviceId: device() }, origin: null })).toMatchObject(refused)
    // Past the caller check, the missing token is what answers.
    for (const origin of [PAGE, 'https://a.b.shop.example', 'http://localhost:5173', 'https://preview-1.vercel.app']) {
      expect(await call('/v1/session', { origin })).toMatchObject({ status: 401, body: { message: 'Session expired' } })
    }
    expect(await auth.context.projects.isAllowedOrigin(PROJECT, 'https://x.pages.dev')).toBe(true)
    expect(await auth.context.projects.isAllowedOrigin('nope', 'http://localhost:5173')).toBe(false)
  })
})

describe('CORS', () => {
  const preflight = (origin: string, path = '/v1/email/connect') =>
    fetch(`${auth.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-airlock-project,x-airlock-origin,authorization',
      },
    })

  it('answers the frame origin exactly, with the headers the frame sends', async () => {
    const response = await preflight(FRAME)
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(FRAME)
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/)
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-airlock-project', 'x-airlock-origin']))
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT')
    expect((await preflight(FRAME, '/v1/test/social')).status).toBe(204)

    const get = await fetch(`${auth.url}/v1/projects/${PROJECT}`, { headers: { origin: FRAME } })
    expect(get.headers.get('access-control-allow-origin')).toBe(FRAME)
    expect(get.headers.get('vary')).toContain('Origin')
  })

  it('refuses any other origin: no preflight, no allow-origin, no write', async () => {
    for (const origin of [PAGE, 'http://127.0.0.1:5398', 'http://localhost:5399', 'null']) {
      const response = await preflight(origin)
      expect(response.status).toBe(403)
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
    }
    const read = await fetch(`${auth.url}/v1/projects/${PROJECT}`, { headers: { origin: PAGE } })
    expect(read.headers.get('access-control-allow-origin')).toBeNull()

    const email = address('cors')
    const write = await call('/v1/email/connect', { body: { email, deviceId: device() }, headers: { origin: PAGE } })
    expect(write.status).toBe(403)
    expect(write.headers.get('access-control-allow-origin')).toBeNull()
    await expect(sink.waitForMail({ to: email, timeoutMs: 300 })).rejects.toThrow(/No mail/)
  })
})

describe('route modules', () => {
  it('get the AuthContext: its caller check, users and sessions are the service’s own', async () => {
    expect(plugged?.baseUrl).toBe(auth.url)
    const first = await call('/v1/test/social', { body: { subject: 'gh-1', userName: 'octo' } })
    expect(first.status).toBe(200)
    const { token, user, caller } = first.body as { token: string; user: AuthUser; caller: unknown }
    expect(user).toEqual({ id: expect.any(String), email: null, userName: 'octo', provider: 'github' })
    expect(caller).toEqual({ projectId: PROJECT, origin: PAGE })
    expect(await call('/v1/session', { token })).toMatchObject({ status: 200, body: { user } })
    const again = await call('/v1/test/social', { body: { subject: 'gh-1', userName: 'octo' } })
    expect((again.body as { user: AuthUser }).user.id).toBe(user.id)
    expect(await call('/v1/test/social', { body: { subject: 'gh-1' }, origin: 'https://evil.example' })).toMatchObject({ status: 403 })
    expect(await call('/v1/nothing-here')).toMatchObject({ status: 404, body: { message: 'Not found' } })
    expect(await call('/v1/session', { method: 'DELETE' })).toMatchObject({ status: 405 })
    expect(logs).toEqual([])
  })

  it('stop() ends a waiting /v1/email/device at once and closes plugged-in modules', async () => {
    let closed = false
    let otherClock = Date.now()
    const other = await startAuthService({
      smtp: { host: sink.host, port: sink.port },
      projects: { [PROJECT]: { allowedOrigins: [PAGE], smartAccountEnabledNetworks: [] } },
      frameOrigins: [FRAME],
      now: () => otherClock,
      routes: [() => Object.assign(() => undefined, { close: () => void (closed = true) })],
    })
    const email = address('stop')
    const post = (path: string, body: unknown) =>
      fetch(`${other.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-airlock-project': PROJECT, 'x-airlock-origin': PAGE },
        body: JSON.stringify(body),
      })
    await post('/v1/email/connect', { email, deviceId: 'a' })
    const mail = await sink.waitForMail({ to: email })
    expect((await post('/v1/email/otp', { email, deviceId: 'a', otp: codeIn(mail) })).status).toBe(200)
    otherClock += EMAIL_COOLDOWN_MS
    expect(await (await post('/v1/email/connect', { email, deviceId: 'b' })).json()).toEqual({ action: 'VERIFY_DEVICE' })

    // Waits up to the default 20 s for the link, unless the service stops.
    const waiting = post('/v1/email/device', { email, deviceId: 'b' }).then(
      (response) => response.status,
      () => 'closed',
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    const started = Date.now()
    await other.stop()
    expect(Date.now() - started).toBeLessThan(2000)
    expect([408, 'closed']).toContain(await waiting)
    expect(closed).toBe(true)
    await expect(fetch(`${other.url}/v1/projects/${PROJECT}`)).rejects.toThrow()
  })
})
