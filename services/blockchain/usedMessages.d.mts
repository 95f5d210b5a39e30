import type { Database } from '../../server/db/database.d.mts'

export interface UsedMessages {
  used(message: string): Promise<boolean>
  /** True for the one caller that took `message`. */
  claim(message: string, issuedAt: number): Promise<boolean>
}

export function memoryUsedMessages(options: { now?: () => number; maxAgeMs: number }): UsedMessages
export function databaseUsedMessages(options: { db: Database; now?: () => number; maxAgeMs: number }): UsedMessages
