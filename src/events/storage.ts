/**
 * Persistence: hydration is an event (SPEC §3 browser storage); writing is an effect. A feature's
 * own stored values (email login, social login) are its plugin's storage keys and events.
 */
import * as t from 'io-ts'
import { defineEvent } from './define'
import { StoredValues } from './shapes/storage'

/** What was read from storage at start, already decoded; corrupt keys are absent. */
export const StorageHydrated = defineEvent('STORAGE_HYDRATED', t.type({ values: StoredValues }))
export type StorageHydrated = t.TypeOf<typeof StorageHydrated>

export const storageEvents = {
  STORAGE_HYDRATED: StorageHydrated,
} as const
