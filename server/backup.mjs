// Backup and restore of the embedded database (`airlock-server backup FILE`, `airlock-server
// restore FILE`), with the server stopped (PGlite is one process's). The file is the data
// directory as a gzip tarball. A PostgreSQL server is backed up with its own tools:
// `pg_dump --format=custom "$DATABASE_URL" > airlock.dump`, and `pg_restore --clean --dbname
// "$DATABASE_URL" airlock.dump` (docs/self-hosting.md "Backups").
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { openDatabase } from './db/database.mjs'

/** Writes the data directory's database to `file`; resolves to its size in bytes. */
export async function backupDataDir(dataDir, file) {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) throw new Error(`No database in ${dataDir} to back up`)
  const db = await openDatabase({ dataDir })
  try {
    const blob = await db.dump()
    const bytes = Buffer.from(await blob.arrayBuffer())
    writeFileSync(file, bytes)
    return bytes.length
  } finally {
    await db.close()
  }
}

/** Makes `dataDir` (which must be empty or missing) a copy of the database in `file`. */
export async function restoreDataDir(file, dataDir) {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty: restore into a new data directory`)
  const db = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(file)]) })
  await db.close()
}
