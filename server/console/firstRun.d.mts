import type { Database } from '../db/database.d.mts'

/** The first-run secret (printed once by the bin) and the console's URL. */
export interface FirstRun {
  secret: string
  url: string
}

/** Whether any console admin exists. */
export function hasAdmin(db: Database): Promise<boolean>

/** At start: a new first-run secret when no admin exists (replacing any old one), else undefined. */
export function prepareFirstRun(db: Database, options: { publicUrl: string; now?: () => number }): Promise<FirstRun | undefined>

/** `address` claims the console with `secret`: true once for the live secret (then an admin and owner of every project). */
export function claimFirstRun(db: Database, options: { address: string; secret: unknown; now?: () => number }): Promise<boolean>
