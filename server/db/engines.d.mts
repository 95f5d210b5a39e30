import type { PGlite } from '@electric-sql/pglite'
import type { Database } from './database.d.mts'
/** node-postgres's pool on `url` as a Database (bigint as numbers). Not migrated. */
export function postgresDatabase(url: string, options?: { max?: number }): Database
/** A PGlite instance as a Database. Not migrated. */
export function pgliteDatabase(instance: PGlite): Database
