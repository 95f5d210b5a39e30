/**
 * The identity plugin's events (IDENTITY_READ's codec lives with the slice it fills, ./state).
 */
import * as t from 'io-ts'
import { defineEvent, defineEvents, type EventsOf } from 'airlock/plugin'
import { IdentityRead } from './state'

/** SPEC §8's words when the names of an address (the reverse lookup of the API's name service) cannot be read. */
export const NAMES_FOR_ADDRESS_FAILED = 'Error fetching names for address'

/** The names of `address` (lowercase) could not be read: `message` is SPEC §8's "Error fetching names for address". */
export const IdentityNamesFailed = defineEvent('IDENTITY_NAMES_FAILED', t.type({ address: t.string, message: t.string }))

export const identityEvents = defineEvents({ IDENTITY_READ: IdentityRead, IDENTITY_NAMES_FAILED: IdentityNamesFailed })

// The plugin's events join the registries from this one declaration.
declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof identityEvents> {}
}
