/**
 * The rate-limit store (./store.mjs) on the embedded database and on a real PostgreSQL server:
 * it counts a key's requests in its window and starts a new one when the window has passed (the
 * clock is the test's), reads without counting, prunes ended windows only, and counts exactly
 * under a burst of concurrent requests from two connection pools, as two instances would send.
 * Then two airlock-server instances on one PostgreSQL share a limit: a client's requests count
 * against it on either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/database.mjs'
import type { Database } from '../db/database.d.mts'
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.mjs'
import { startAirlockServer } from '../app.mjs'
import type { AirlockServer } from '../app.d.mts'
import { PRUNE_EVERY_MS, databaseStore, rateLimitCounter } from './store.mjs'
import { tooManyRequests } from './rateLimits.mjs'
import { idleMs } from '../../tests/support/until'

let postgres: TestPostgres
beforeAll(async () => {
  postgres = await startPostgres()
}, idleMs(120_000))
afterAll(async () => {
  await postgres?.stop()
}, idleMs(60_000))

const WINDOW = 60_000

describe.each([
  ['PGlite', async (): Promise<Database[]> => [await openDatabase()]],
  [
    'PostgreSQL',
    async (): Promise<Database[]> => {
      const url = await postgres.createDatabase()
      return [await openDatabase({ url }), await openDatabase({ url })]
    },
  ],
])('the store on %s', (engine, open) => {
  let db: Database
  let second: Database | undefined
  let clock = 1_000_000
  const now = () => clock

  beforeAll(async () => {
    ;[db, second] = (await open()) as [Database, Database?]
  }, idleMs(60_000))
  afterAll(async () => {
    await db?.close()
    await second?.close()
  })

  it('counts a key in its window, reads without counting, and starts again when the window has passed', async () => {
    const counter = rateLimitCounter({ db, now })
    expect(await counter.read('k')).toEqual({ current: 0, ttl: 0 })
    expect(await counter.hit('k', WINDOW)).toEqual({ current: 1, ttl: WINDOW })
    clock += 10_000
    expect(await counter.hit('k', WINDOW)).toEqual({ current: 2, ttl: WINDOW - 10_000 })
    expect(await counter.read('k')).toEqual({ current: 2, ttl: WINDOW - 10_000 })
    expect(await counter.hit('other', WINDOW)).toEqual({ current: 1, ttl: WINDOW })
    clock += WINDOW - 10_000
    expect(await counter.read('k')).toEqual({ current: 0, ttl: 0 })
    expect(await counter.hit('k', WINDOW)).toEqual({ current: 1, ttl: WINDOW })
  })

  it('prunes the rows of ended windows, and only those', async () => {
    const counter = rateLimitCounter({ db, now })
    await counter.hit('short', 1000)
    await counter.hit('long', 10 * WINDOW)
    clock += 2000
    await counter.prune()
    const keys = (await db.query<{ key: string }>('SELECT key FROM rate_limits ORDER BY key')).map((row) => row.key)
    expect(keys).toContain('long')
    expect(keys).not.toContain('short')
    // A counter prunes by itself at most once per PRUNE_EVERY_MS.
    await counter.hit('short', 1000)
    clock += PRUNE_EVERY_MS
    await counter.hit('long', 10 * WINDOW)
    expect((await db.query<{ key: string }>("SELECT key FROM rate_limits WHERE key = 'short'")).length).toBe(0)
  })

  it('counts exactly under a burst of concurrent requests' + (engine === 'PostgreSQL' ? ' from two pools' : ''), async () => {
    const counters = [rateLimitCounter({ db, now }), rateLimitCounter({ db: second ?? db, now })]
    const counts = await Promise.all(Array.from({ length: 60 }, (_, i) => counters[i % 2]!.hit('burst', WINDOW)))
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1))
  })

  it('serves @fastify/rate-limit as its store (incr and read through callbacks, children share the counts)', async () => {
    const Store = databaseStore(rateLimitCounter({ db, now }))
    const store = new Store({})
    const child = store.child({}) as InstanceType<typeof Store>
    const incr = (s: InstanceType<typeof Store>) => new Promise((resolve, reject) => s.incr('plugin', (e, r) => (e ? reject(e) : resolve(r)), WINDOW, 5))
    expect(await incr(store)).toEqual({ current: 1, ttl: WINDOW })
    expect(await incr(child)).toEqual({ current: 2, ttl: WINDOW })
    expect(await new Promise((resolve) => store.read('plugin', (_e, r) => resolve(r)))).toEqual({ current: 2, ttl: WINDOW })
  })
})

describe('two airlock-server instances on one PostgreSQL', () => {
  const servers: AirlockServer[] = []
  const SITE = 'https://site.example'
  const MAX = 6

  beforeAll(async () => {
    const url = await postgres.createDatabase()
    const start = () =>
      startAirlockServer(
        {
          port: 0,
          framePort: 0,
          host: '127.0.0.1',
          dataDir: '',
          databaseUrl: url,
          siteOrigins: [SITE],
          siwxChains: ['eip155:1'],
          trustProxy: false,
          chains: [],
          projects: {},
        },
        { log: () => undefined, rateLimits: { noncePerIp: { max: MAX, windowMs: 60_000 } } },
      )
    // One after the other: each migrates the new database at its start.
    servers.push(await start())
    servers.push(await start())
  }, idleMs(120_000))
  afterAll(async () => {
    for (const server of servers) await server.stop()
  }, idleMs(60_000))

  it('share a limit: the same client is limited after MAX requests spread over both', async () => {
    const answers = []
    for (let i = 0; i < 3 * MAX; i++) {
      const response = await fetch(`${servers[i % 2]!.url}/v1/nonce`, { method: 'POST', headers: { origin: SITE } })
      answers.push({ status: response.status, message: response.status === 429 ? ((await response.json()) as { message: string }).message : undefined })
    }
    expect(answers.slice(0, MAX).map((a) => a.status)).toEqual(Array(MAX).fill(200))
    expect(answers.slice(MAX).map((a) => a.status)).toEqual(Array(2 * MAX).fill(429))
    expect(answers.at(-1)!.message).toMatch(/^Too many requests: please try again after \d+ seconds$/)
    expect(tooManyRequests(60)).toBe('Too many requests: please try again after 60 seconds')
  })
})
