/**
 * The console's analytics route (issue 24 §3) on a real airlock-server over PGlite: events a page
 * of the project sent through POST /v1/analytics/events are what its owner reads per day; a signed-out
 * caller gets 401, a stranger and another project's owner 403; a bad range 400 with the reason.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase } from '../db/database.mjs'
import type { Database } from '../db/database.d.mts'
import { startConsoleTestServer, wallets, type ConsoleTestServer } from './consoleTestClient'
import type { AnalyticsSummary } from '../analytics/summary.d.mts'
import { idleMs } from '../../tests/support/until'

let db: Database
let t: ConsoleTestServer
const SITE = 'http://127.0.0.1:4321'

beforeAll(async () => {
  db = await openDatabase()
  t = await startConsoleTestServer(db)
}, idleMs(120_000))
afterAll(async () => {
  await t?.server.stop()
  await db?.close()
}, idleMs(60_000))

it(
  'an owner reads the events their pages sent, per day; others are refused',
  async () => {
    const admin = await t.signIn(wallets.admin)
    expect((await t.api('POST', '/claim', { cookie: admin, body: { secret: t.server.firstRun!.secret } })).status).toBe(200)
    const project = (await t.api('POST', '/projects', { cookie: admin, body: { name: 'Shop' } })).json as { id: string }
    const other = (await t.api('POST', '/projects', { cookie: admin, body: { name: 'Other' } })).json as { id: string }
    const otherOwner = await t.signIn(wallets.otherOwner)
    expect((await t.api('POST', `/projects/${other.id}/owners`, { cookie: admin, body: { address: `eip155:1:${wallets.otherOwner.address}` } })).status).toBe(
      200,
    )

    const now = Date.now()
    const today = new Date(now).toISOString().slice(0, 10)
    const sent = await fetch(`${t.server.url}/v1/analytics/events?projectId=${project.id}`, {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({
        events: [
          { type: 'MODAL_OPEN', at: now - 3000, payload: { connected: false } },
          { type: 'CONNECT_SUCCESS', at: now - 2000, payload: { method: 'browser', name: 'MetaMask', namespace: 'eip155', connectorId: 'io.metamask' } },
          { type: 'SWAP_SUCCESS', at: now - 1000, payload: {} },
        ],
      }),
    })
    expect(sent.status).toBe(204)

    const path = `/projects/${project.id}/analytics?from=${today}&to=${today}`
    const read = await t.api('GET', path, { cookie: admin })
    expect(read.status).toBe(200)
    const summary = read.json as AnalyticsSummary
    expect(summary.days).toHaveLength(1)
    expect(summary.days[0]).toMatchObject({ day: today, opens: 1, connections: 1, swaps: 1, byWallet: { MetaMask: 1 }, byMethod: { injected: 1 } })
    expect(summary.funnel).toEqual({ opened: 1, connected: 1 })
    // Without a range: the last 30 days, today the last.
    const recent = (await t.api('GET', `/projects/${project.id}/analytics`, { cookie: admin })).json as AnalyticsSummary
    expect(recent.days).toHaveLength(30)
    expect(recent.days.at(-1)).toMatchObject({ day: today, connections: 1 })

    expect((await t.api('GET', path, {})).status).toBe(401)
    expect((await t.api('GET', path, { cookie: await t.signIn(wallets.stranger) })).status).toBe(403)
    expect((await t.api('GET', path, { cookie: otherOwner })).status).toBe(403)
    expect((await t.api('GET', `/projects/${other.id}/analytics?from=${today}&to=${today}`, { cookie: otherOwner })).json).toMatchObject({
      totals: { connections: 0 },
    })
    const bad = await t.api('GET', `/projects/${project.id}/analytics?from=${today}&to=2000-01-01`, { cookie: admin })
    expect(bad.status).toBe(400)
    expect(bad.json).toHaveProperty('message')
  },
  idleMs(120_000),
)
