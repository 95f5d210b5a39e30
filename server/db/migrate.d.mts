import type { Queryable } from './database.d.mts'

export interface Migration {
  readonly version: number
  readonly name: string
  readonly sql: string
}
/** The migrations this code knows, in order. */
export function migrations(): Migration[]
/** Applies what is pending (up to `upTo`); the versions applied now. Refuses a database newer than this code. */
export function migrate(
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  options?: { upTo?: number; now?: () => number },
): Promise<number[]>
