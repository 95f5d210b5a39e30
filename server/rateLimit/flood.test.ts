/**
 * Rate limits under a flood (issue 24 §4), on airlock-server itself (startAirlockServer, the
 * embedded database, a real SMTP sink): one client far past a limit gets 429 with Retry-After and
 * the limit's message, while another client — another IP, or another address — is answered by
 * the service as usual throughout; a limit is back once its window has passed (the server's
 * clock is the test's, so no sleeping). The clients' IPs come in X-Forwarded-For, which this
 * server believes because its proxy setting names loopback (AIRLOCK_TRUST_PROXY=127.0.0.1).
 * The limits are lowered (startAirlockServer's `rateLimits`) so a flood is a few dozen requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request as httpRequest } from 'node:http'
import { startAirlockServer } from '../app.mjs'
import type { AirlockServer } from '../app.d.mts'
import { openDatabase } from '../db/database.mjs'
import type { Database } from '../db/database.d.mts'
import { startSmtpSink, type SmtpSink } from '../../services/auth/smtpSink.mjs'
import { EMAIL_COOLDOWN_MS } from '../../services/auth/server.mjs'
import { tooManyRequests } from './rateLimits.mjs'
import { idleMs } from '../../tests/support/until'

const PROJECT = 'flood-project'
const PAGE = 'https://shop.example'
const SITE = 'https://site.example'
const LIMITS = {
  mailPerIp: { max: 8, windowMs: 15 * 60_000 },
  mailPerAddress: { max: 4, windowMs: 15 * 60_000 },
  codePerIp: { max: 10, windowMs: 15 * 60_000 },
  codePerAddress: { max: 6, windowMs: 15 * 60_000 },
  noncePerIp: { max: 10, windowMs: 60_000 },
  signInPerIp: { max: 5, windowMs: 60_000 },
  eventsPerIp: { max: 10, windowMs: 60_000 },
}

let clock = Date.now()
let sink: SmtpSink
let db: Database
let server: AirlockServer

beforeAll(async () => {
  ;[sink, db] = await Promise.all([startSmtpSink(), openDatabase()])
  server = await startAirlockServer(
    {
      port: 0,
      framePort: 0,
      host: '127.0.0.1',
      dataDir: '',
      smtpUrl: `smtp://${sink.host}:${sink.port}`,
      siteOrigins: [SITE],
      siwxChains: ['eip155:1'],
      trustProxy: ['127.0.0.1'],
      chains: [],
      projects: { [PROJECT]: { allowedOrigins: [PAGE] } },
    },
    { db, now: () => clock, log: () => undefined, rateLimits: LIMITS },
  )
}, idleMs(120_000))
afterAll(async () => {
  await server?.stop()
  await db?.close()
  await sink?.stop()
}, idleMs(60_000))

/** A POST from the client at `ip`, as the secure frame sends it (project and page origin named). */
const post = (path: string, ip: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'x-airlock-project': PROJECT, 'x-airlock-origin': PAGE, ...headers },
    body: JSON.stringify(body),
  })

/** Status and message of an answer; for a 429 also its Retry-After, checked against the message. */
async function read(response: Response) {
  const body = (await response.json()) as { message?: string }
  const { message } = body
  if (response.status === 429 && message?.startsWith('Too many requests')) {
    const retryAfter = Number(response.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(Object.keys(body)).toEqual(['message'])
    expect(message).toBe(tooManyRequests(retryAfter))
    return { status: response.status, limited: true, message }
  }
  return { status: response.status, limited: false, message }
}

const wrongCode = (email: string) => ({ email, otp: '000000', deviceId: 'device-1' })
/** The service's answer to a code for an address it never mailed one to. */
const NO_CODE = 'Code expired'

describe('a flood', () => {
  it('of code guesses from one IP: past the limit every one is 429, while another IP is answered throughout', async () => {
    const max = LIMITS.codePerIp.max
    // All at once: the count is one atomic upsert per request, so exactly `max` get through.
    const flood = Array.from({ length: 4 * max }, (_, i) => post('/v1/email/otp', '203.0.113.7', wrongCode(`guess-${i}@example.com`)).then(read))
    const others = Array.from({ length: 5 }, (_, i) => post('/v1/email/otp', '198.51.100.9', wrongCode(`other-${i}@example.com`)).then(read))
    const [flooded, answered] = await Promise.all([Promise.all(flood), Promise.all(others)])
    expect(flooded.filter((r) => !r.limited).map((r) => r.message)).toEqual(Array(max).fill(NO_CODE))
    expect(flooded.filter((r) => r.limited)).toHaveLength(3 * max)
    expect(answered.map((r) => [r.status, r.message])).toEqual(Array(5).fill([400, NO_CODE]))
    // Still limited, and still only that IP.
    expect((await read(await post('/v1/email/otp', '203.0.113.7', wrongCode('late@example.com')))).limited).toBe(true)
    expect((await read(await post('/v1/email/otp', '198.51.100.9', wrongCode('late@example.com')))).message).toBe(NO_CODE)
  })

  it('of code guesses at one address from many IPs is limited by the address; another address is answered', async () => {
    const max = LIMITS.codePerAddress.max
    const results = []
    for (let i = 0; i < 3 * max; i++) {
      results.push(await read(await post('/v1/email/otp', `10.1.0.${i + 1}`, wrongCode('Target@Example.com '))))
      // The same address in another spelling counts as the same.
      if (i === max) expect((await read(await post('/v1/email/otp', '10.1.1.1', wrongCode('target@example.com')))).limited).toBe(true)
      expect((await read(await post('/v1/email/otp', `10.2.0.${i + 1}`, wrongCode(`bystander-${i}@example.com`)))).message).toBe(NO_CODE)
    }
    expect(results.slice(0, max).map((r) => r.message)).toEqual(Array(max).fill(NO_CODE))
    expect(results.slice(max).every((r) => r.limited)).toBe(true)
  })

  it('of mail to one address from many IPs: mail stops at the limit; another address still gets its code', async () => {
    const max = LIMITS.mailPerAddress.max
    const statuses = []
    for (let i = 0; i < 3 * max; i++) {
      // Past the service's own 30 s cool-down each time: what stops the mail is the rate limit.
      clock += EMAIL_COOLDOWN_MS + 1000
      const sent = sink.messages().length
      const answer = await read(await post('/v1/email/connect', `10.3.0.${i + 1}`, { email: 'victim@example.com', deviceId: 'device-1' }))
      statuses.push(answer.limited ? 'limited' : answer.status)
      expect(sink.messages().length - sent).toBe(answer.limited ? 0 : 1)
      const bystander = `bystander-${i}@example.com`
      expect((await read(await post('/v1/email/connect', `10.4.0.${i + 1}`, { email: bystander, deviceId: 'device-1' }))).status).toBe(200)
      await sink.waitForMail({ to: bystander })
    }
    expect(statuses).toEqual([...Array(max).fill(200), ...Array(2 * max).fill('limited')])
  })

  it('of mail from one IP to many addresses stops at the IP limit; another IP still sends', async () => {
    const max = LIMITS.mailPerIp.max
    const statuses = []
    for (let i = 0; i < 2 * max; i++) {
      const answer = await read(await post('/v1/email/connect', '203.0.113.50', { email: `spray-${i}@example.com`, deviceId: 'device-1' }))
      statuses.push(answer.limited ? 'limited' : answer.status)
    }
    expect(statuses).toEqual([...Array(max).fill(200), ...Array(max).fill('limited')])
    expect((await read(await post('/v1/email/connect', '203.0.113.51', { email: 'fine@example.com', deviceId: 'device-1' }))).status).toBe(200)
  })

  it('of email update codes from one session is limited by the session, from any IP', async () => {
    const max = LIMITS.codePerAddress.max
    const statuses = []
    for (let i = 0; i < 2 * max; i++) {
      const answer = await read(await post('/v1/email/update/secondary', `10.5.0.${i + 1}`, { otp: '000000' }, { authorization: 'Bearer one-session' }))
      statuses.push(answer.limited ? 'limited' : answer.status)
    }
    // Not a live session: the service answers 401 until the limit answers first.
    expect(statuses).toEqual([...Array(max).fill(401), ...Array(max).fill('limited')])
    const other = await read(await post('/v1/email/update/secondary', '10.5.1.1', { otp: '000000' }, { authorization: 'Bearer another-session' }))
    expect(other.status).toBe(401)
  })

  it('of SIWX nonces and sign-ins from one IP is limited; another IP signs in as usual', async () => {
    const nonce = (ip: string) => post('/v1/nonce', ip, {}, { origin: SITE }).then(read)
    const nonces = await Promise.all(Array.from({ length: 3 * LIMITS.noncePerIp.max }, () => nonce('203.0.113.80')))
    expect(nonces.filter((r) => !r.limited).map((r) => r.status)).toEqual(Array(LIMITS.noncePerIp.max).fill(200))
    expect((await nonce('203.0.113.81')).status).toBe(200)

    const signIn = (ip: string) => post('/v1/sessions', ip, { message: 'not a sign-in', signature: '0x00' }, { origin: SITE }).then(read)
    const signIns = await Promise.all(Array.from({ length: 3 * LIMITS.signInPerIp.max }, () => signIn('203.0.113.82')))
    expect(signIns.filter((r) => !r.limited).map((r) => r.status)).toEqual(Array(LIMITS.signInPerIp.max).fill(401))
    expect((await signIn('203.0.113.83')).status).toBe(401)
  })

  it('of analytics batches from one IP is limited; another IP is answered', async () => {
    const send = (ip: string) =>
      fetch(`${server.url}/v1/analytics/events?projectId=${PROJECT}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: PAGE, 'x-forwarded-for': ip },
        body: JSON.stringify({ events: [{ type: 'MODAL_OPEN', at: clock, payload: {} }] }),
      }).then(async (response) => ({ status: response.status, limited: response.status === 429 }))
    const flood = await Promise.all(Array.from({ length: 3 * LIMITS.eventsPerIp.max }, () => send('203.0.113.90')))
    expect(flood.filter((r) => !r.limited).map((r) => r.status)).toEqual(Array(LIMITS.eventsPerIp.max).fill(204))
    expect((await send('203.0.113.91')).status).toBe(204)
  })

  it('counts a path however it is spelled, as the service reading it does', async () => {
    // Sent as written (fetch would tidy the path first).
    const raw = (path: string, ip: string, body: unknown, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; message: string }>((resolve, reject) => {
        const request = httpRequest(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'x-airlock-project': PROJECT, 'x-airlock-origin': PAGE, ...headers },
        })
        request.on('error', reject)
        request.on('response', (response) => {
          let text = ''
          response.on('data', (chunk: Buffer) => (text += chunk.toString()))
          response.on('end', () => resolve({ status: response.statusCode!, message: (JSON.parse(text) as { message: string }).message }))
        })
        request.end(JSON.stringify(body))
      })
    const spellings = ['/v1/email/otp', '/v1/email/%2e/otp', '/v1/email//../otp', '/v1/email/./otp']
    const codes = []
    for (let i = 0; i < 2 * LIMITS.codePerIp.max; i++) codes.push(await raw(spellings[i % 4]!, '203.0.113.60', wrongCode(`spelt-${i}@example.com`)))
    expect(codes.map((r) => r.message)).toEqual([...Array(LIMITS.codePerIp.max).fill(NO_CODE), ...Array(LIMITS.codePerIp.max).fill(tooManyRequests(900))])
    const nonces = []
    for (let i = 0; i < 2 * LIMITS.noncePerIp.max; i++)
      nonces.push((await raw(i % 2 ? '/v1/%6Eonce' : '/v1/nonce', '203.0.113.61', {}, { origin: SITE })).status)
    expect(nonces).toEqual([...Array(LIMITS.noncePerIp.max).fill(200), ...Array(LIMITS.noncePerIp.max).fill(429)])
  })

  it('of device links tried from one IP is limited, by GET and by HEAD alike', async () => {
    const approve = (method: string) =>
      fetch(`${server.url}/v1/device/approve?token=guess`, { method, headers: { 'x-forwarded-for': '203.0.113.70' } }).then((r) => r.status)
    const statuses = []
    for (let i = 0; i < LIMITS.codePerIp.max + 2; i++) statuses.push(await approve(i % 2 ? 'HEAD' : 'GET'))
    expect(statuses).toEqual([...Array(LIMITS.codePerIp.max).fill(400), 429, 429])
  })

  it('is answered again once the window has passed', async () => {
    expect((await read(await post('/v1/email/otp', '203.0.113.7', wrongCode('again@example.com')))).limited).toBe(true)
    clock += LIMITS.codePerIp.windowMs
    expect((await read(await post('/v1/email/otp', '203.0.113.7', wrongCode('again@example.com')))).message).toBe(NO_CODE)
  })
})
