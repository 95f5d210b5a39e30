/**
 * A database made by the previous schema version upgrades with its data intact (issue 24 §2): the
 * committed fixture (server/db/fixtures/v1.sql, rows of every kind as version 1 stored them) is
 * loaded into a database migrated to version 1 only, then the server's migrations run; every row
 * reads back the same, and what version 2 added has its default (a project's features: null, the
 * server's defaults). On PGlite and on a real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { migrate } from './migrate.mjs'
import type { Database } from './database.d.mts'
import { pgliteDatabase, postgresDatabase } from './engines.mjs'
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.mjs'
import { idleMs } from '../../tests/support/until'

const FIXTURE = readFileSync(join(__dirname, 'fixtures', 'v1.sql'), 'utf8')

let postgres: TestPostgres
beforeAll(async () => {
  postgres = await startPostgres()
}, idleMs(120_000))
afterAll(() => postgres?.stop(), idleMs(60_000))

async function pglite(): Promise<Database> {
  const instance = new PGlite()
  await instance.waitReady
  return pgliteDatabase(instance)
}

const postgresDb = async (): Promise<Database> => postgresDatabase(await postgres.createDatabase())

describe.each([
  ['PGlite', pglite],
  ['PostgreSQL', postgresDb],
])('a version 1 database on %s', (_name, open) => {
  it(
    'migrates to the newest version with every row intact',
    async () => {
      const db = await open()
      try {
        expect(await migrate(db, { upTo: 1 })).toEqual([1])
        await db.exec(FIXTURE)
        const applied = await migrate(db)
        expect(applied.length).toBeGreaterThan(0)
        expect(applied[0]).toBe(2)

        expect(await db.query('SELECT id, name, allowed_origins, smart_account_networks, features FROM projects')).toEqual([
          {
            id: 'shop',
            name: 'The shop',
            allowed_origins: ['https://shop.example', 'https://*.shop.example'],
            smart_account_networks: [1, 8453],
            features: null,
          },
        ])
        const [secret] = await db.query<{ value: Uint8Array }>("SELECT value FROM secrets WHERE name = 'session'")
        expect([...secret!.value]).toEqual(Array.from({ length: 32 }, (_, i) => i))
        expect(await db.query('SELECT id, provider, email, user_name FROM users ORDER BY created_at')).toEqual([
          { id: '6f1d2c3b-4a59-4e8f-9a0b-1c2d3e4f5a6b', provider: 'email', email: 'ada@example.com', user_name: null },
          { id: '7a2e3d4c-5b6a-4f90-8b1c-2d3e4f5a6b7c', provider: 'github', email: null, user_name: 'grace' },
        ])
        expect(await db.query('SELECT provider, subject, user_id FROM social_identities')).toEqual([
          { provider: 'github', subject: '1815', user_id: '7a2e3d4c-5b6a-4f90-8b1c-2d3e4f5a6b7c' },
        ])
        expect(await db.query('SELECT device_id FROM devices')).toEqual([{ device_id: 'laptop' }])
        expect(await db.query('SELECT backup, addresses, service_share FROM wallets')).toEqual([
          {
            backup: { v: 2, iv: 'AAAA', data: 'BBBB' },
            addresses: { eip155: '0x00000000000000000000000000000000000000aa' },
            service_share: 'c2VydmljZS1zaGFyZQ',
          },
        ])
        expect(await db.query('SELECT id, chain_id, data, expires_at, revoked FROM siwx_sessions')).toEqual([
          { id: '8b3f4e5d-6c7b-4a01-9c2d-3e4f5a6b7c8d', chain_id: 'eip155:1', data: { nonce: 'abcdefgh12345678' }, expires_at: 1900000000000, revoked: false },
        ])
      } finally {
        await db.close()
      }
    },
    idleMs(120_000),
  )
})
