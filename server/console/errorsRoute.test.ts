/**
 * The console's latest SDK errors (issue 28 §1) on a real airlock-server over PGlite: a report a
 * page of the project posted to POST /e (SPEC §7) is what its owner reads at
 * GET /console/api/projects/:id/errors, newest first; a signed-out caller gets 401, a stranger and
 * another project's owner 403.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase } from '../db/database.mjs'
import type { Database } from '../db/database.d.mts'
import { startConsoleTestServer, wallets, type ConsoleTestServer } from './consoleTestClient'
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

const report = (eventId: string, timestamp: number, errorMessage: string) => ({
  eventId,
  url: `${SITE}/checkout`,
  domain: '127.0.0.1',
  timestamp,
  props: { type: 'error', event: 'INTERNAL_SDK_ERROR', errorType: 'TypeError', errorMessage, stackTrace: 'at broken (load)' },
})

it(
  'an owner reads the latest errors their pages reported, newest first; others are refused',
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
    for (const [id, at, message] of [
      ['e-1', now - 2000, 'first'],
      ['e-2', now - 1000, 'second'],
    ] as const) {
      const sent = await fetch(`${t.server.url}/e?projectId=${project.id}&st=airlock&sv=airlock-html-0.1.0`, {
        method: 'POST',
        headers: { origin: SITE, 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify(report(id, at, message)),
      })
      expect(sent.status).toBe(204)
    }
    const path = `/projects/${project.id}/errors`
    const read = await t.api('GET', path, { cookie: admin })
    expect(read.status).toBe(200)
    const { errors } = read.json as { errors: { at: number; errorMessage: string; url: string; sdkVersion: string }[] }
    expect(errors.map((e) => [e.at, e.errorMessage])).toEqual([
      [now - 1000, 'second'],
      [now - 2000, 'first'],
    ])
    expect(errors[0]).toMatchObject({ url: `${SITE}/checkout`, sdkVersion: 'airlock-html-0.1.0' })
    expect((await t.api('GET', path, {})).status).toBe(401)
    expect((await t.api('GET', path, { cookie: await t.signIn(wallets.stranger) })).status).toBe(403)
    expect((await t.api('GET', path, { cookie: otherOwner })).status).toBe(403)
    expect((await t.api('GET', `/projects/${other.id}/errors`, { cookie: otherOwner })).json).toEqual({ errors: [] })
  },
  idleMs(120_000),
)
