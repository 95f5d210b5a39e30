/**
 * The server's database layer on each engine it runs on: PGlite in memory (from the cached
 * template), PGlite in a data directory, and a real PostgreSQL server (Debian's, started here).
 * Rules checked: migrations apply once, in one transaction, under a lock (two instances opening one
 * PostgreSQL at once apply each once); a database newer than the code is refused; a transaction
 * that throws leaves nothing; bigint comes back as a number, jsonb parsed, bytea as bytes; a data
 * directory keeps its rows across a close and a reopen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from './database.mjs'
import { migrate, migrations } from './migrate.mjs'
import type { Database } from './database.d.mts'
import { startPostgres, type TestPostgres } from '../../tests/support/postgres.mjs'
import { idleMs } from '../../tests/support/until'

let postgres: TestPostgres
const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'airlock-db-test-'))
  dirs.push(dir)
  return dir
}

beforeAll(async () => {
  postgres = await startPostgres()
}, idleMs(120_000))
afterAll(async () => {
  await postgres?.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}, idleMs(60_000))

const engines: [string, () => Promise<Database>][] = [
  ['PGlite in memory', () => openDatabase()],
  ['PGlite in a data directory', () => openDatabase({ dataDir: tempDir() })],
  ['PostgreSQL', async () => openDatabase({ url: await postgres.createDatabase() })],
]

const NEWEST = Math.max(...migrations().map((m) => m.version))

describe.each(engines)('%s', (_name, open) => {
  let db: Database
  beforeAll(async () => {
    db = await open()
  }, idleMs(120_000))
  afterAll(() => db?.close())

  it('is migrated to the newest version, and migrating again applies nothing', async () => {
    const rows = await db.query<{ version: number }>('SELECT version FROM airlock_migrations ORDER BY version')
    expect(rows.map((r) => r.version)).toEqual(migrations().map((m) => m.version))
    expect(await migrate(db)).toEqual([])
  })

  it('gives bigint as a number, jsonb parsed and bytea as bytes', async () => {
    const [row] = await db.query<{ n: number; j: unknown; b: Uint8Array }>(
      "SELECT 1733000000000::bigint AS n, '{\"a\":[1]}'::jsonb AS j, '\\x0102'::bytea AS b",
    )
    expect(row!.n).toBe(1733000000000)
    expect(row!.j).toEqual({ a: [1] })
    expect([...row!.b]).toEqual([1, 2])
  })

  it('rolls a transaction back when it throws: nothing of it stays', async () => {
    const id = `rollback-${Math.random()}`
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO projects (id, created_at, updated_at) VALUES ($1, 0, 0)', [id])
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await db.query('SELECT id FROM projects WHERE id = $1', [id])).toEqual([])
    await db.transaction((tx) => tx.query('INSERT INTO projects (id, created_at, updated_at) VALUES ($1, 0, 0)', [id]))
    expect(await db.query('SELECT id FROM projects WHERE id = $1', [id])).toEqual([{ id }])
  })

  it('refuses a database that a newer server migrated, naming both versions', async () => {
    await db.query('INSERT INTO airlock_migrations (version, name, applied_at) VALUES ($1, $2, 0)', [NEWEST + 1, 'from_the_future'])
    try {
      await expect(migrate(db)).rejects.toThrow(
        `The database has migration ${NEWEST + 1}, newer than this server knows (${NEWEST}): run a newer airlock-server`,
      )
    } finally {
      await db.query('DELETE FROM airlock_migrations WHERE version = $1', [NEWEST + 1])
    }
  })
})

describe('PGlite in a data directory', () => {
  it(
    'keeps its rows across a close and a reopen',
    async () => {
      const dataDir = tempDir()
      const first = await openDatabase({ dataDir })
      await first.query("INSERT INTO projects (id, name, created_at, updated_at) VALUES ('kept', 'Kept', 1, 1)")
      await first.close()
      const again = await openDatabase({ dataDir })
      expect(await again.query('SELECT id, name FROM projects')).toEqual([{ id: 'kept', name: 'Kept' }])
      await again.close()
    },
    idleMs(120_000),
  )
})

describe('PostgreSQL shared by several instances', () => {
  it(
    'two instances opening one empty database at once apply each migration once',
    async () => {
      const url = await postgres.createDatabase()
      const [a, b] = await Promise.all([openDatabase({ url }), openDatabase({ url })])
      const rows = await a.query<{ version: number }>('SELECT version FROM airlock_migrations ORDER BY version')
      expect(rows.map((r) => r.version)).toEqual(migrations().map((m) => m.version))
      await Promise.all([a.close(), b.close()])
    },
    idleMs(60_000),
  )

  it(
    'a migration that fails leaves the database as it was',
    async () => {
      const url = await postgres.createDatabase()
      const db = await openDatabase({ url })
      await db.query('DROP TABLE projects CASCADE')
      await db.query('DELETE FROM airlock_migrations')
      // 0001 now meets tables it would create (users…): it fails, and its first statements are undone too.
      await expect(migrate(db)).rejects.toThrow(/already exists/)
      expect(await db.query("SELECT to_regclass('projects') AS t")).toEqual([{ t: null }])
      expect(await db.query('SELECT version FROM airlock_migrations')).toEqual([])
      await db.close()
    },
    idleMs(60_000),
  )
})
