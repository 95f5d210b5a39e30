/** What a query runs on: the database itself, or one transaction of it. */
export interface Queryable {
  /** One statement, `$1`… parameters; the rows (bigint columns as numbers, bytea as Uint8Array, jsonb parsed). */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>
  /** Several statements, no parameters (migrations). */
  exec(text: string): Promise<void>
}

export interface Database extends Queryable {
  /** PGlite (embedded) or a PostgreSQL server. */
  readonly kind: 'pglite' | 'postgres'
  /** `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** PGlite only: the data directory as a gzip tarball (a backup). */
  dump?(): Promise<Blob>
}

export interface OpenDatabaseOptions {
  /** `postgres://…`: a PostgreSQL server. */
  url?: string
  /** A PGlite data directory, made on first use and kept across restarts. */
  dataDir?: string
  /** A PGlite tarball to start from (a restore). */
  loadDataDir?: Blob
}

/** Opens and migrates: `{ url }` PostgreSQL, `{ dataDir }` PGlite on disk, neither PGlite in memory (from a cached migrated template). */
export function openDatabase(options?: OpenDatabaseOptions): Promise<Database>
