// The server's database: one interface over PGlite (Postgres compiled to WASM, embedded in this
// process) and a real PostgreSQL server (node-postgres), so every query is the same SQL on both.
//
// Why plain SQL rather than an ORM or a query builder: the schema is small and fixed by versioned
// migrations (./migrations), every query is written once and runs unchanged on both engines, and
// nothing sits between a reader of the code and the statement the database runs. Rows are typed at
// the edges (./database.d.mts, each store's own row types).
//
//   openDatabase()                          in memory, from a migrated template (tests, one-off runs)
//   openDatabase({ dataDir })               PGlite in a data directory: kept across restarts
//   openDatabase({ url: 'postgres://…' })   a PostgreSQL server, shared by several instances
//
// Migrations run at open, under an advisory lock, so instances starting together apply each once.
// Times are milliseconds since the epoch in `bigint` columns (the services' clocks are injectable,
// so the database's own now() is never used); both engines hand them back as numbers.
import { PGlite } from '@electric-sql/pglite'
import { pgliteDatabase, postgresDatabase } from './engines.mjs'
import { migrate } from './migrate.mjs'
import { memoryTemplate } from './template.mjs'

/** Opens (and migrates) the database; see the file's head. */
export async function openDatabase({ url, dataDir, loadDataDir } = {}) {
  let db
  if (url !== undefined) {
    db = postgresDatabase(url)
  } else if (dataDir !== undefined) {
    const instance = new PGlite({ dataDir, ...(loadDataDir !== undefined && { loadDataDir }) })
    await instance.waitReady
    db = pgliteDatabase(instance)
  } else {
    // A fresh PGlite runs initdb (seconds in WASM); a copy of a migrated one loads in well under one.
    const instance = new PGlite({ loadDataDir: loadDataDir ?? (await memoryTemplate()) })
    await instance.waitReady
    db = pgliteDatabase(instance)
  }
  try {
    await migrate(db)
  } catch (error) {
    await db.close().catch(() => undefined)
    throw error
  }
  return db
}

export { PGlite }
