/**
 * The identity plugin's slice: the identities read, by lowercase address, with when (SPEC §3
 * caches keyed by address: identity (avatar, name); §9: 5 minutes).
 */
import type { Draft } from 'immer'
import * as t from 'io-ts'
import { defineEvent, type AirlockEvent } from 'airlock/plugin'

/** How long a read identity is fresh (SPEC §9 cache lifetime of name-service name and identity). */
export const IDENTITY_CACHE_MS = 5 * 60_000

export interface CachedIdentity {
  readonly name: string | null
  readonly avatar: string | null
  readonly at: number
}

export interface IdentityState {
  readonly byAddress: Readonly<Record<string, CachedIdentity>>
}

export const initialIdentityState: IdentityState = { byAddress: {} }

/** The API answered for `address` (lowercase); `at` is the clock's time. */
export const IdentityRead = defineEvent(
  'IDENTITY_READ',
  t.type({ address: t.string, name: t.union([t.string, t.null]), avatar: t.union([t.string, t.null]), at: t.number }),
)
export type IdentityRead = t.TypeOf<typeof IdentityRead>

export function reduceIdentity(draft: Draft<IdentityState>, event: AirlockEvent): void {
  if (event.type !== 'IDENTITY_READ') return
  const { address, name, avatar, at } = event.payload
  draft.byAddress[address] = { name, avatar, at }
}
