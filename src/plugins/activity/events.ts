/**
 * The activity plugin's events (not public): a page of an account's history asked for, answered,
 * failed, or not asked for at all because no Blockchain API is configured. Each names the CAIP-10
 * account and the CAIP-2 network it is about, so an answer for an account the visitor has left is
 * told apart and dropped.
 */
import * as t from 'io-ts'
import { defineEvent, TransactionItem, defineEvents, type EventsOf } from 'airlock/plugin'

const About = { account: t.string, network: t.string }

/**
 * A page of history was asked for: the first (`cursor` null: the tab was shown, the account or
 * network changed, a retry) or the one after `cursor` (the visitor scrolled to the end).
 */
export const ActivityRequested = defineEvent('ACTIVITY_REQUESTED', t.type({ ...About, cursor: t.union([t.string, t.null]) }))
export type ActivityRequested = t.TypeOf<typeof ActivityRequested>

/** The page asked for with `cursor` came: its items, and the cursor of the next page (null at the end). */
export const ActivityReceived = defineEvent(
  'ACTIVITY_RECEIVED',
  t.type({ ...About, cursor: t.union([t.string, t.null]), transactions: t.readonlyArray(TransactionItem), next: t.union([t.string, t.null]) }),
)
export type ActivityReceived = t.TypeOf<typeof ActivityReceived>

/** The call failed (SPEC §7 "History fails"); `reason` is the error's message, for the log. */
export const ActivityFailed = defineEvent('ACTIVITY_FAILED', t.type({ ...About, reason: t.string }))
export type ActivityFailed = t.TypeOf<typeof ActivityFailed>

/** No Blockchain API is configured (`apiUrls.blockchain`): nothing was called, the tab shows its empty state. */
export const ActivityUnavailable = defineEvent('ACTIVITY_UNAVAILABLE', t.type(About))
export type ActivityUnavailable = t.TypeOf<typeof ActivityUnavailable>

export const activityEvents = defineEvents({
  ACTIVITY_REQUESTED: ActivityRequested,
  ACTIVITY_RECEIVED: ActivityReceived,
  ACTIVITY_FAILED: ActivityFailed,
  ACTIVITY_UNAVAILABLE: ActivityUnavailable,
})

// The plugin's events join the registries from this one declaration.
declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof activityEvents> {}
}
