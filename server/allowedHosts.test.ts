/**
 * The Host check (server/allowedHosts.mjs): by default airlock-server answers its loopback names on
 * its port and its public URL's host, and refuses any other Host with 421 (a rebinding page's name
 * pointed at 127.0.0.1); AIRLOCK_ALLOWED_HOSTS replaces the list, and a bad entry is a setting error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from 'node:http'
import { openDatabase } from './db/database.mjs'
import type { Database } from './db/database.d.mts'
import { loadSettings, SettingsError } from './settings.mjs'
import { startAirlockServer, type AirlockServer } from './app.mjs'
import { HOST_NOT_ALLOWED, allowedHostsFor } from './allowedHosts.mjs'
import { idleMs } from '../tests/support/until'

/** GET `path` of `server` with the Host header `host`: the status and the body's text. */
function get(server: AirlockServer, path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

let db: Database
let plain: AirlockServer
let listed: AirlockServer
beforeAll(async () => {
  db = await openDatabase()
  const settings = (env: Record<string, string>) => loadSettings({ env: { AIRLOCK_PORT: '0', ...env }, cwd: process.cwd() })
  plain = await startAirlockServer(settings({ AIRLOCK_PUBLIC_URL: 'https://airlock.shop.example' }), { db, log: () => undefined })
  listed = await startAirlockServer(settings({ AIRLOCK_ALLOWED_HOSTS: 'api.shop.example,10.0.0.5:4000' }), { db, log: () => undefined })
}, idleMs(120_000))
afterAll(async () => {
  await Promise.all([plain?.stop(), listed?.stop()])
  await db?.close()
}, idleMs(60_000))

describe('allowed hosts', () => {
  it('answers the loopback names on its port and the public host; refuses others with 421', async () => {
    const { port } = new URL(plain.url)
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'airlock.shop.example'])
      expect((await get(plain, '/projects/v1/origins?projectId=none', host)).status, host).toBe(401)
    for (const host of ['evil.example', `evil.example:${port}`, '127.0.0.1:1', `127.0.0.1.evil.example:${port}`]) {
      const answer = await get(plain, '/projects/v1/origins?projectId=none', host)
      expect(answer.status, host).toBe(421)
      expect(JSON.parse(answer.body)).toEqual({ message: HOST_NOT_ALLOWED })
    }
  })

  it('AIRLOCK_ALLOWED_HOSTS replaces the list', async () => {
    expect((await get(listed, '/projects/v1/origins?projectId=none', 'api.shop.example')).status).toBe(401)
    expect((await get(listed, '/projects/v1/origins?projectId=none', '10.0.0.5:4000')).status).toBe(401)
    expect((await get(listed, '/projects/v1/origins?projectId=none', `127.0.0.1:${new URL(listed.url).port}`)).status).toBe(421)
    expect(allowedHostsFor({ allowedHosts: ['A.example'], host: '127.0.0.1', port: 1 })).toEqual(new Set(['a.example']))
  })

  it('a bad entry stops the start, naming the setting', () => {
    expect(() => loadSettings({ env: { AIRLOCK_ALLOWED_HOSTS: 'shop.example/path' }, cwd: process.cwd() })).toThrow(SettingsError)
    expect(() => loadSettings({ env: { AIRLOCK_ALLOWED_HOSTS: 'shop.example/path' }, cwd: process.cwd() })).toThrow(/AIRLOCK_ALLOWED_HOSTS/)
  })
})
