/**
 * Backup and restore of the embedded database (issue 24 §2), through the bin as a site owner runs
 * it: rows written, `airlock-server backup FILE`, `airlock-server restore FILE` into a new data
 * directory, and the copy holds the same rows. Restoring over a database that exists is refused,
 * and so is a backup with DATABASE_URL set (PostgreSQL has pg_dump).
 */
import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { openDatabase } from './db/database.mjs'
import { idleMs } from '../tests/support/until'
import { tempDirs } from '../tests/support/tempDirs'

const tempDir = tempDirs('airlock-backup-')

const BIN = join(__dirname, 'bin.mjs')
const run = (args: string[], env: Record<string, string>, cwd: string) =>
  spawnSync(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 120_000 })

describe('airlock-server backup and restore', () => {
  it(
    'round-trips the embedded database through a file',
    async () => {
      const dir = tempDir()
      const original = join(dir, 'data')
      const db = await openDatabase({ dataDir: original })
      await db.query("INSERT INTO projects (id, name, allowed_origins, created_at, updated_at) VALUES ('kept', 'Kept', '[\"https://a.example\"]', 1, 2)")
      await db.close()

      const file = join(dir, 'airlock.backup.tar.gz')
      const backup = run(['backup', file], { AIRLOCK_DATA_DIR: original }, dir)
      expect(backup.status, backup.stderr).toBe(0)
      expect(backup.stdout).toMatch(/backed up to .*airlock\.backup\.tar\.gz \(\d+ bytes\)/)

      const copy = join(dir, 'copy')
      const restore = run(['restore', file], { AIRLOCK_DATA_DIR: copy }, dir)
      expect(restore.status, restore.stderr).toBe(0)
      const restored = await openDatabase({ dataDir: copy })
      expect(await restored.query('SELECT id, name, allowed_origins FROM projects')).toEqual([
        { id: 'kept', name: 'Kept', allowed_origins: ['https://a.example'] },
      ])
      await restored.close()

      const over = run(['restore', file], { AIRLOCK_DATA_DIR: original }, dir)
      expect(over.status).toBe(1)
      expect(over.stderr).toContain('is not empty: restore into a new data directory')
      const postgres = run(['backup', file], { DATABASE_URL: 'postgres://127.0.0.1:1/x' }, dir)
      expect(postgres.status).toBe(2)
      expect(postgres.stderr).toContain('pg_dump')
    },
    idleMs(180_000),
  )
})
