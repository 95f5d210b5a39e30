/**
 * The identity plugin's events (its one event's codec lives with the slice it fills, ./state).
 */
import { defineEvents, type EventsOf } from 'airlock/plugin'
import { IdentityRead } from './state'

export const identityEvents = defineEvents({ IDENTITY_READ: IdentityRead })

// The plugin's events join the registries from this one declaration.
declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof identityEvents> {}
}
