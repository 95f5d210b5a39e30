/**
 * Two airlock-server processes' worth of servers on one PostgreSQL (issue 24 §2): an allowed origin
 * a site owner adds through the console of A is enforced by B — by its config API's CORS at once,
 * by its auth service within 2 s, by its secure frame's `frame-ancestors` within
 * ORIGIN_CHANGE_DELAY_MS (7 s) — after B had answered the old list (its caches warm).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startPostgres, type TestPostgres } from '../tests/support/postgres.mjs'
import { loadSettings } from './settings.mjs'
import { ORIGIN_CHANGE_DELAY_MS, startAirlockServer, type AirlockServer } from './app.mjs'
import { signInAt, wallets } from './console/consoleTestClient'
import { idleMs } from '../tests/support/until'

const SHOP = 'https://shop.example'
/** What a loaded machine may add to the stated delay: the polls' own requests. */
const SLACK_MS = 3000

let postgres: TestPostgres
let a: AirlockServer
let b: AirlockServer

beforeAll(async () => {
  postgres = await startPostgres()
  const settings = loadSettings({ env: { AIRLOCK_PORT: '0', DATABASE_URL: await postgres.createDatabase() }, cwd: process.cwd() })
  a = await startAirlockServer(settings, { log: () => undefined })
  b = await startAirlockServer(settings, { log: () => undefined })
}, idleMs(180_000))
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await postgres?.stop()
}, idleMs(60_000))

/** Polls `check` every 200 ms until true; the ms it took. */
async function until(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return Date.now() - started
}

it(
  'an origin added on A is enforced by B: config CORS at once, auth within 2 s, frame-ancestors within the stated delay',
  async () => {
    // The site owner signs in at A's console, claims the first run with the secret B printed (B
    // started last, with still no owner, so its secret replaced A's), creates a project.
    const origin = new URL(a.publicUrl).origin
    const cookie = await signInAt(a.url, origin, wallets.admin)
    const headers = { cookie, origin, 'content-type': 'application/json' }
    const secret = b.firstRun?.secret
    expect(secret).toBeTypeOf('string')
    expect((await fetch(`${a.url}/console/api/claim`, { method: 'POST', headers, body: JSON.stringify({ secret }) })).status).toBe(200)
    const created = await fetch(`${a.url}/console/api/projects`, { method: 'POST', headers, body: JSON.stringify({ name: 'Shop' }) })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }

    const configCors = async () =>
      (await fetch(`${b.url}/appkit/v1/config?projectId=${id}`, { headers: { origin: SHOP } })).headers.get('access-control-allow-origin') === SHOP
    const authAllows = async () => ((await (await fetch(`${b.url}/v1/projects/${id}`)).json()) as { allowedOrigins: string[] }).allowedOrigins.includes(SHOP)
    const frameAllows = async () => {
      const policy = (await fetch(`${b.frameUrl}/?projectId=${id}`)).headers.get('content-security-policy') ?? ''
      return policy.split(';').some((directive) => directive.trim().startsWith('frame-ancestors ') && directive.includes(SHOP))
    }

    // B answers the old list first, so each of its caches holds it.
    expect(await configCors()).toBe(false)
    expect(await authAllows()).toBe(false)
    expect(await frameAllows()).toBe(false)

    const patched = await fetch(`${a.url}/console/api/projects/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ allowedOrigins: [SHOP] }) })
    expect(patched.status).toBe(200)
    const changedAt = Date.now()

    expect(await configCors()).toBe(true)
    await until(authAllows, 2000 + SLACK_MS)
    await until(frameAllows, ORIGIN_CHANGE_DELAY_MS + SLACK_MS)
    expect(Date.now() - changedAt).toBeLessThanOrEqual(ORIGIN_CHANGE_DELAY_MS + SLACK_MS)
    // And another origin still is not.
    const other = await fetch(`${b.url}/appkit/v1/config?projectId=${id}`, { headers: { origin: 'https://evil.example' } })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  },
  idleMs(120_000),
)
