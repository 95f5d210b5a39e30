/**
 * SDK error reports, POST /e (SPEC §7 "Analytics error report", issue 28 §1), through Fastify's
 * inject on an in-memory PGlite: an allowed origin's report is stored once (204, CORS naming it;
 * the same eventId again stores nothing new) and `latestErrors` lists it; an unknown project is
 * 401 and a foreign origin 403; a body that is not SPEC §7's report, or no st/sv, is 400; a huge
 * body 413; none of them stores anything; a flood from one IP is cut (429 with Retry-After).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/database.mjs'
import { createApp } from '../http.mjs'
import { analyticsIngest } from './ingest.mjs'
import { latestErrors } from './errors.mjs'

const PAGE = 'https://shop.example'
const NOW = Date.parse('2025-03-04T12:00:00Z')
let db: Database

async function server(errorLimits = {}) {
  const app = createApp({ log: () => undefined })
  await app.register(analyticsIngest, { db, errorLimits, now: () => NOW })
  await app.ready()
  return app
}
type Server = Awaited<ReturnType<typeof server>>

const report = (eventId = 'a1b2c3d4-0000-4000-8000-000000000001', timestamp = NOW - 500) => ({
  eventId,
  url: `${PAGE}/checkout`,
  domain: 'shop.example',
  timestamp,
  props: { type: 'error', event: 'INTERNAL_SDK_ERROR', errorType: 'TypeError', errorMessage: 'x is undefined', stackTrace: 'at send (effect:estimate)' },
})

const post = (
  app: Server,
  body: unknown,
  { origin = PAGE as string | null, projectId = 'p1', query = '&st=airlock&sv=airlock-html-0.1.0', ip = '203.0.113.1' } = {},
) =>
  app.inject({
    method: 'POST',
    url: `/e?projectId=${encodeURIComponent(projectId)}${query}`,
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...(origin !== null && { origin }) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: ip,
  })

const count = async () => (await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM error_reports'))[0]?.n ?? -1

beforeAll(async () => {
  db = await openDatabase()
  await db.query(`INSERT INTO projects (id, name, allowed_origins, created_at, updated_at) VALUES ('p1', 'Shop', $1, 0, 0)`, [JSON.stringify([PAGE])])
})
afterAll(() => db?.close())

describe('POST /e (SPEC §7 error report)', () => {
  it('stores an allowed origin’s report once, with the SDK’s type and version, and latestErrors lists it newest first', async () => {
    const app = await server()
    await db.query('DELETE FROM error_reports')
    const answer = await post(app, report())
    expect([answer.statusCode, answer.body]).toEqual([204, ''])
    expect(answer.headers['access-control-allow-origin']).toBe(PAGE)
    // The same report again (a retry by the network) is stored once.
    expect((await post(app, report())).statusCode).toBe(204)
    expect((await post(app, report('a1b2c3d4-0000-4000-8000-000000000002', NOW - 100))).statusCode).toBe(204)
    expect(await count()).toBe(2)
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM error_reports WHERE event_id = $1', ['a1b2c3d4-0000-4000-8000-000000000001'])
    expect(row).toMatchObject({
      project_id: 'p1',
      origin: PAGE,
      url: `${PAGE}/checkout`,
      domain: 'shop.example',
      sdk_type: 'airlock',
      sdk_version: 'airlock-html-0.1.0',
    })
    const latest = await latestErrors(db, 'p1')
    expect(latest.map((e) => e.at)).toEqual([NOW - 100, NOW - 500])
    expect(latest[1]).toEqual({
      at: NOW - 500,
      url: `${PAGE}/checkout`,
      domain: 'shop.example',
      sdkVersion: 'airlock-html-0.1.0',
      event: 'INTERNAL_SDK_ERROR',
      errorType: 'TypeError',
      errorMessage: 'x is undefined',
      stackTrace: 'at send (effect:estimate)',
    })
    await app.close()
  })

  it('refuses an unknown project (401), a foreign origin or none (403), and stores nothing', async () => {
    const app = await server()
    await db.query('DELETE FROM error_reports')
    expect((await post(app, report(), { projectId: 'nope' })).json()).toEqual({ message: 'Unauthorized: invalid key' })
    expect((await post(app, report(), { projectId: 'nope' })).statusCode).toBe(401)
    expect((await post(app, report(), { origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await post(app, report(), { origin: null })).statusCode).toBe(403)
    expect(await count()).toBe(0)
    await app.close()
  })

  it('answers 400 to what is not SPEC §7’s report (or has no st and sv), 413 to a huge body, never 5xx, storing nothing', async () => {
    const app = await server()
    await db.query('DELETE FROM error_reports')
    const bad: unknown[] = [
      'not json',
      '{"eventId":',
      [],
      {},
      { ...report(), props: { ...report().props, type: 'info' } },
      { ...report(), url: 'javascript:alert(1)' },
      { ...report(), timestamp: -1 },
      { ...report(), eventId: '<script>' },
      { ...report(), props: { ...report().props, errorMessage: 'x'.repeat(2001) } },
      '{"__proto__":{"x":1}}',
    ]
    for (const body of bad) expect((await post(app, body)).statusCode, JSON.stringify(body)).toBe(400)
    expect((await post(app, report(), { query: '' })).statusCode).toBe(400)
    expect((await post(app, report(), { query: '&st=airlock' })).statusCode).toBe(400)
    expect((await post(app, { ...report(), pad: 'x'.repeat(20_000) })).statusCode).toBe(413)
    expect(await count()).toBe(0)
    await app.close()
  })

  it('cuts a flood from one IP (429 with Retry-After) while another IP is still heard', async () => {
    const app = await server({ perIp: { max: 3 } })
    await db.query('DELETE FROM error_reports')
    const codes = []
    for (let i = 0; i < 5; i++) codes.push((await post(app, report(`f-${i}`))).statusCode)
    expect(codes).toEqual([204, 204, 204, 429, 429])
    const cut = await post(app, report('f-9'))
    expect(cut.json()).toEqual({ message: expect.stringMatching(/^Too many requests: please try again after \d+ seconds$/) })
    expect(Number(cut.headers['retry-after'])).toBeGreaterThan(0)
    expect((await post(app, report('g-1'), { ip: '203.0.113.2' })).statusCode).toBe(204)
    expect(await count()).toBe(4)
    await app.close()
  })
})
