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

/**
 * The embedded wallet's last used chain, kept so a reload reconnects there (SPEC §3 browser
 * storage). It stays in core: the embedded-wallet connector sets it, and connectors may not depend
 * on a plugin's events; the core storage clears it with the connection (SPEC §4).
 */
export const LastUsedChainSet = defineEvent('LAST_USED_CHAIN_SET', t.type({ chain: StoredValues.props.lastUsedChain }))
export type LastUsedChainSet = t.TypeOf<typeof LastUsedChainSet>

export const storageEvents = {
  STORAGE_HYDRATED: StorageHydrated,
  LAST_USED_CHAIN_SET: LastUsedChainSet,
} as const
