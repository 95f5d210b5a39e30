export interface TestPostgres {
  readonly port: number
  /** `postgres://postgres@127.0.0.1:<port>/<database>` (default database `postgres`). */
  url(database?: string): string
  /** A new empty database on this server; its URL. */
  createDatabase(name?: string): Promise<string>
  stop(): Promise<void>
}
/** Starts a throwaway PostgreSQL (Debian's, installed when missing) on a free loopback port. */
export function startPostgres(): Promise<TestPostgres>
