/**
 * Event ingestion (issue 24 §3 "Analytics the site owns", §4 rate limits), through Fastify's inject
 * on an in-memory PGlite: an allowed origin's batch is stored (204, CORS naming it); a foreign
 * origin or none is refused (403) and stores nothing; an unknown project is 401; garbage, huge
 * bodies and wrong types are 4xx, never 5xx, and store nothing; a flood from one IP is cut (429)
 * while another IP is still heard; the per-project limit holds across IPs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/database.mjs'
import { createApp } from '../http.mjs'
import rateLimit from '@fastify/rate-limit'
import { analyticsIngest } from './ingest.mjs'

const PAGE = 'https://shop.example'
const NOW = Date.parse('2025-03-04T12:00:00Z')
let db: Database

async function server(limits = {}) {
  const app = createApp({ log: () => undefined })
  await app.register(analyticsIngest, { db, limits, now: () => NOW })
  await app.ready()
  return app
}

type Server = Awaited<ReturnType<typeof server>>

const post = (app: Server, body: unknown, { origin = PAGE as string | null, projectId = 'p1', type = 'text/plain;charset=UTF-8', ip = '203.0.113.1' } = {}) =>
  app.inject({
    method: 'POST',
    url: `/v1/analytics/events?projectId=${encodeURIComponent(projectId)}`,
    headers: { 'content-type': type, ...(origin !== null && { origin }) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: ip,
  })

const count = async () => (await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM analytics_events'))[0]?.n ?? -1

const connect = { type: 'CONNECT_SUCCESS', at: NOW - 1000, payload: { method: 'browser', name: 'MetaMask', namespace: 'eip155', connectorId: 'io.metamask' } }

beforeAll(async () => {
  db = await openDatabase()
  await db.query(`INSERT INTO projects (id, name, allowed_origins, created_at, updated_at) VALUES ('p1', 'Shop', $1, 0, 0)`, [JSON.stringify([PAGE])])
  await db.query(`INSERT INTO projects (id, name, allowed_origins, created_at, updated_at) VALUES ('p2', 'Other', '[]', 0, 0)`)
})
afterAll(() => db?.close())

describe('POST /v1/analytics/events', () => {
  it('stores an allowed origin’s batch (text/plain as sendBeacon sends it, and application/json): 204 with CORS naming the origin', async () => {
    const app = await server()
    await db.query('DELETE FROM analytics_events')
    const events = [
      { type: 'MODAL_OPEN', at: NOW - 2000, payload: { connected: false } },
      connect,
      { type: 'SWAP_ERROR', at: NOW, payload: { reason: 'rejected', message: 'declined', step: 'swap' } },
      { type: 'ONRAMP_WIDGET_OPENED', at: NOW, payload: { blocked: true } },
      { type: 'SIWX_AUTH_SUCCESS', at: NOW, payload: { caipNetworkId: 'eip155:1', isSmartAccount: false, addressHash: 'ab'.repeat(32) } },
    ]
    const answer = await post(app, { events })
    expect([answer.statusCode, answer.body]).toEqual([204, ''])
    expect(answer.headers['access-control-allow-origin']).toBe(PAGE)
    expect(answer.headers['vary']).toContain('Origin')
    const json = await post(app, { events: [connect] }, { type: 'application/json', origin: 'http://127.0.0.1:5173' })
    expect(json.statusCode).toBe(204)
    expect(json.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173')

    const rows = await db.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, at, received_at, origin, type, wallet, method, namespace, was_connected, error_code, address_hash FROM analytics_events ORDER BY id`,
    )
    expect(rows).toEqual([
      {
        day: '2025-03-04',
        at: NOW - 2000,
        received_at: NOW,
        origin: PAGE,
        type: 'MODAL_OPEN',
        wallet: null,
        method: null,
        namespace: null,
        was_connected: false,
        error_code: null,
        address_hash: null,
      },
      {
        day: '2025-03-04',
        at: NOW - 1000,
        received_at: NOW,
        origin: PAGE,
        type: 'CONNECT_SUCCESS',
        wallet: 'MetaMask',
        method: 'injected',
        namespace: 'eip155',
        was_connected: null,
        error_code: null,
        address_hash: null,
      },
      {
        day: '2025-03-04',
        at: NOW,
        received_at: NOW,
        origin: PAGE,
        type: 'SWAP_ERROR',
        wallet: null,
        method: null,
        namespace: null,
        was_connected: null,
        error_code: 'SWAP_ERROR:rejected',
        address_hash: null,
      },
      {
        day: '2025-03-04',
        at: NOW,
        received_at: NOW,
        origin: PAGE,
        type: 'ONRAMP_WIDGET_OPENED',
        wallet: null,
        method: null,
        namespace: null,
        was_connected: null,
        error_code: 'ONRAMP_WIDGET_OPENED:blocked',
        address_hash: null,
      },
      {
        day: '2025-03-04',
        at: NOW,
        received_at: NOW,
        origin: PAGE,
        type: 'SIWX_AUTH_SUCCESS',
        wallet: null,
        method: null,
        namespace: null,
        was_connected: null,
        error_code: null,
        address_hash: 'ab'.repeat(32),
      },
      {
        day: '2025-03-04',
        at: NOW - 1000,
        received_at: NOW,
        origin: 'http://127.0.0.1:5173',
        type: 'CONNECT_SUCCESS',
        wallet: 'MetaMask',
        method: 'injected',
        namespace: 'eip155',
        was_connected: null,
        error_code: null,
        address_hash: null,
      },
    ])
    await app.close()
  })

  it('answers the preflight of an application/json sender for an allowed origin only', async () => {
    const app = await server()
    const ask = (origin: string) =>
      app.inject({ method: 'OPTIONS', url: '/v1/analytics/events?projectId=p1', headers: { origin, 'access-control-request-method': 'POST' } })
    const allowed = await ask(PAGE)
    expect([allowed.statusCode, allowed.headers['access-control-allow-origin'], allowed.headers['access-control-allow-methods']]).toEqual([204, PAGE, 'POST'])
    const foreign = await ask('https://evil.example')
    expect([foreign.statusCode, foreign.headers['access-control-allow-origin']]).toEqual([403, undefined])
    await app.close()
  })

  it('refuses a foreign origin, a look-alike, none, or "null" with 403 and stores nothing; a project time-stamps with the arrival when the page clock is far off', async () => {
    const app = await server()
    await db.query('DELETE FROM analytics_events')
    for (const origin of ['https://evil.example', 'https://shop.example.evil.com', 'http://shop.example', 'null', null]) {
      const answer = await post(app, { events: [connect] }, { origin })
      expect([answer.statusCode, answer.json(), answer.headers['access-control-allow-origin']]).toEqual([
        403,
        { message: 'Unauthorized: origin not allowed' },
        undefined,
      ])
    }
    // p2 allows only SPEC §5's defaults: the shop's page is foreign to it.
    expect((await post(app, { events: [connect] }, { projectId: 'p2' })).statusCode).toBe(403)
    expect(await count()).toBe(0)
    expect((await post(app, { events: [{ ...connect, at: 0 }] })).statusCode).toBe(204)
    expect(await db.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, at FROM analytics_events`)).toEqual([{ day: '2025-03-04', at: NOW }])
    await app.close()
  })

  it('answers an unknown or missing project 401 "Unauthorized: invalid key"', async () => {
    const app = await server()
    for (const projectId of ['nope', '', 'x'.repeat(300)]) {
      const answer = await post(app, { events: [connect] }, { projectId })
      expect([answer.statusCode, answer.json()]).toEqual([401, { message: 'Unauthorized: invalid key' }])
    }
    await app.close()
  })

  it('answers garbage, huge bodies and wrong types with a 4xx and a reason, never a 5xx, and stores nothing', async () => {
    const app = await server()
    await db.query('DELETE FROM analytics_events')
    const bad: [unknown, string?][] = [
      ['{not json'],
      [''],
      ['null'],
      ['[]'],
      [{}],
      [{ events: [] }],
      [{ events: 'many' }],
      [{ events: Array.from({ length: 101 }, () => connect) }],
      [{ events: [{ ...connect, type: 'lowercase' }] }],
      [{ events: [{ ...connect, type: 'X'.repeat(65) }] }],
      [{ events: [{ ...connect, at: 'yesterday' }] }],
      [{ events: [{ ...connect, at: -1 }] }],
      [{ events: [{ ...connect, at: 1.5 }] }],
      [{ events: [{ ...connect, payload: null }] }],
      [{ events: [{ ...connect, payload: 'x' }] }],
      [{ events: [connect, { type: 'MODAL_OPEN' }] }],
      ['{"__proto__":{"admin":true},"events":[]}'],
      [{ events: [{ ...connect, payload: { name: 'x'.repeat(70 * 1024) } }] }],
      [JSON.stringify({ events: [connect] }), 'application/x-www-form-urlencoded'],
      [JSON.stringify({ events: [connect] }), 'multipart/form-data; boundary=x'],
    ]
    for (const [body, type] of bad) {
      const answer = await post(app, body, type === undefined ? {} : { type })
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400)
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBeLessThan(500)
      expect(typeof answer.json().message).toBe('string')
    }
    expect((await post(app, { events: [] })).json()).toEqual({ message: 'Invalid events: expected { events: [{ type, at, payload }] } with 1 to 100 events' })
    expect((await post(app, { events: [{ ...connect, payload: { name: 'x'.repeat(70 * 1024) } }] })).statusCode).toBe(413)
    // Odd but well-formed payloads are stored with what can be read from them.
    const odd = await post(app, {
      events: [
        { type: 'CONNECT_SUCCESS', at: NOW, payload: { method: 42, name: ['x'], namespace: 'NOT A NAMESPACE', addressHash: 'not-hex', constructor: 1 } },
      ],
    })
    expect(odd.statusCode).toBeLessThan(500)
    expect(await count()).toBeLessThanOrEqual(1)
    await app.close()
  })

  it('cuts a flood from one IP with 429 "Too many requests: please try again after N seconds" while another IP is still stored', async () => {
    const app = await server({ perIp: { max: 5, timeWindow: 60_000 } })
    await db.query('DELETE FROM analytics_events')
    const flood = []
    for (let i = 0; i < 12; i++) flood.push(await post(app, { events: [connect] }, { ip: '198.51.100.7' }))
    expect(flood.map((a) => a.statusCode)).toEqual([...Array(5).fill(204), ...Array(7).fill(429)])
    expect(flood[11]?.json().message).toMatch(/^Too many requests: please try again after \d+ seconds$/)
    expect(Number(flood[11]?.headers['retry-after'])).toBeGreaterThan(0)
    // Garbage from the flooding IP is counted too (before the body is read).
    expect((await post(app, '{not json', { ip: '198.51.100.7' })).statusCode).toBe(429)
    const other = await post(app, { events: [connect] }, { ip: '192.0.2.44' })
    expect(other.statusCode).toBe(204)
    expect(await count()).toBe(6)
    await app.close()
  })

  it('holds the per-project limit across IPs, for that project only', async () => {
    const app = await server({ perProject: { max: 3, timeWindow: 60_000 } })
    const codes = []
    for (let i = 0; i < 5; i++) codes.push((await post(app, { events: [connect] }, { ip: `192.0.2.${10 + i}` })).statusCode)
    expect(codes).toEqual([204, 204, 204, 429, 429])
    await db.query(`UPDATE projects SET allowed_origins = $1 WHERE id = 'p2'`, [JSON.stringify([PAGE])])
    expect((await post(app, { events: [connect] }, { projectId: 'p2', ip: '192.0.2.99' })).statusCode).toBe(204)
    await app.close()
  })

  it('counts in the host’s rate-limit store when the host registered @fastify/rate-limit (airlock-server’s, in the database); perIp false leaves the IP to the host', async () => {
    const keys: string[] = []
    /** A store that records what it is asked to count. */
    class RecordingStore {
      incr(key: string, callback: (error: null, result: { current: number; ttl: number }) => void, timeWindow: number) {
        keys.push(key)
        callback(null, { current: keys.filter((k) => k === key).length, ttl: timeWindow })
      }
      child() {
        return this
      }
    }
    const app = createApp({ log: () => undefined })
    await app.register(rateLimit, { global: false, store: RecordingStore })
    await app.register(analyticsIngest, { db, limits: { perIp: false, perProject: { max: 2 } }, now: () => NOW })
    await app.ready()
    const codes = []
    for (let i = 0; i < 3; i++) codes.push((await post(app, { events: [connect] })).statusCode)
    expect(codes).toEqual([204, 204, 429])
    expect(keys).toEqual(['analytics:project:p1', 'analytics:project:p1', 'analytics:project:p1'])
    await app.close()
  })
})
