// Versioned migrations: ./migrations/NNNN_name.sql, applied in order, each once, recorded in
// airlock_migrations. All pending ones run in one transaction under an advisory lock, so two
// instances starting on one PostgreSQL apply them once, and a failed migration leaves nothing
// half-done. A database newer than this code (a version it does not know) is refused.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

const DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
/** Any fixed number: the advisory lock's key. */
const LOCK_KEY = 7_262_736_001

/** The migrations this code knows, in order: `{ version, name, sql }`. */
export function migrations() {
  return readdirSync(DIR)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 4)), name: file.slice(5, -4), sql: readFileSync(join(DIR, file), 'utf8') }))
}

/** Applies what is pending; resolves to the versions applied now. `upTo` stops early (tests of the upgrade path). */
export async function migrate(db, { upTo = Infinity, now = Date.now } = {}) {
  const known = migrations()
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY])
    await tx.exec('CREATE TABLE IF NOT EXISTS airlock_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)')
    const done = new Set((await tx.query('SELECT version FROM airlock_migrations')).map((row) => row.version))
    const newest = Math.max(0, ...known.map((m) => m.version))
    const ahead = [...done].filter((version) => version > newest)
    if (ahead.length > 0)
      throw new Error(`The database has migration ${Math.max(...ahead)}, newer than this server knows (${newest}): run a newer airlock-server`)
    const applied = []
    for (const migration of known) {
      if (done.has(migration.version) || migration.version > upTo) continue
      await tx.exec(migration.sql)
      await tx.query('INSERT INTO airlock_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [migration.version, migration.name, now()])
      applied.push(migration.version)
    }
    return applied
  })
}
