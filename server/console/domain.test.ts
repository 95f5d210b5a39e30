/**
 * Only sign-ins made at the console open it (server/console/guard.mjs): the server's sessions
 * service also signs visitors in on the site's own pages (AIRLOCK_SITE_ORIGINS), and a browser's
 * credential cookie is one for both; a sign-in whose message was for the site's domain is not a
 * sign-in to the console, even by an admin's wallet.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase } from '../db/database.mjs'
import type { Database } from '../db/database.d.mts'
import { loadSettings } from '../settings.mjs'
import { startAirlockServer, type AirlockServer } from '../app.mjs'
import { signInAt, wallets } from './consoleTestClient'
import { idleMs } from '../../tests/support/until'

const SITE = 'https://shop.example'
let db: Database
let server: AirlockServer

beforeAll(async () => {
  db = await openDatabase()
  server = await startAirlockServer({ ...loadSettings({ env: { AIRLOCK_PORT: '0' }, cwd: process.cwd() }), siteOrigins: [SITE] }, { db, log: () => undefined })
}, idleMs(120_000))
afterAll(async () => {
  await server?.stop()
  await db?.close()
}, idleMs(60_000))

it("a sign-in on the site's page does not sign in to the console; one at the console does", async () => {
  const consoleOrigin = new URL(server.publicUrl).origin
  const me = (cookie: string) => fetch(`${server.url}/console/api/me`, { headers: { cookie, origin: consoleOrigin } })
  const atSite = await signInAt(server.url, SITE, wallets.admin)
  expect((await me(atSite)).status).toBe(401)
  const atConsole = await signInAt(server.url, consoleOrigin, wallets.admin)
  const answer = await me(atConsole)
  expect(answer.status).toBe(200)
  expect(((await answer.json()) as { address: string }).address).toBe(`eip155:1:${wallets.admin.address}`)
})
