/**
 * The siwx plugin's events: codecs by type (the module's `events`) and their types by declaration
 * merging. Each codec is `{ type, payload }` written out (what `defineEvent` makes), so the core
 * helper does not become a chunk of its own shared with the first load.
 */
import * as t from 'io-ts'
import { defineEvents, type EventsOf, type PublicEventsOf } from 'airlock/plugin'

/** Whether a sign-in (SIWX) session exists now (SPEC §4 sign-in flow). */
export const SiwxSessionChanged = t.type({ type: t.literal('SIWX_SESSION_CHANGED'), payload: t.type({ hasSession: t.boolean }) })
export type SiwxSessionChanged = t.TypeOf<typeof SiwxSessionChanged>

/** The visitor pressed Sign on SIWXSignMessage. */
export const SiwxSignRequested = t.type({ type: t.literal('SIWX_SIGN_REQUESTED'), payload: t.type({}) })
export type SiwxSignRequested = t.TypeOf<typeof SiwxSignRequested>

/** Public: the wallet signed, the site kept the session (SPEC §4 "tracks success"). */
export const SiwxAuthSuccess = t.type({
  type: t.literal('SIWX_AUTH_SUCCESS'),
  payload: t.type({ caipNetworkId: t.string, isSmartAccount: t.boolean }),
})
export type SiwxAuthSuccess = t.TypeOf<typeof SiwxAuthSuccess>

/**
 * The wallet signed the sign-in while connecting (one-click sign-in): the connector's event
 * (src/events/signIn.ts has its type), its codec written out here so it loads with this plugin,
 * its one reader, and neither the first load nor airlock/plugin carries it.
 */
export const SiwxSignedOnConnect = t.type({
  type: t.literal('SIWX_SIGNED_ON_CONNECT'),
  payload: t.type({ caipNetworkId: t.string, address: t.string, message: t.string, signature: t.string, cacao: t.unknown }),
})

/** Why a sign-in failed, as the view says it: the SPEC §8 messages. */
export const SiwxFailure = t.keyof({ declined: null, smartAccount: null })
export type SiwxFailure = t.TypeOf<typeof SiwxFailure>

/** Public: the sign-in failed; `message` is SPEC §8's ("Signature declined" or "This application might not support Smart Accounts"). */
export const SiwxAuthError = t.type({
  type: t.literal('SIWX_AUTH_ERROR'),
  payload: t.intersection([
    t.type({ caipNetworkId: t.union([t.string, t.null]), isSmartAccount: t.boolean, reason: SiwxFailure, message: t.string }),
    // What went wrong in its own words when it was not the visitor declining (the site's service
    // down, the signature refused), shown under SPEC §8's message.
    t.partial({ detail: t.string }),
  ]),
})
export type SiwxAuthError = t.TypeOf<typeof SiwxAuthError>

export const siwxEvents = defineEvents(
  {
    SIWX_SESSION_CHANGED: SiwxSessionChanged,
    SIWX_SIGN_REQUESTED: SiwxSignRequested,
    SIWX_AUTH_SUCCESS: SiwxAuthSuccess,
    SIWX_AUTH_ERROR: SiwxAuthError,
    SIWX_SIGNED_ON_CONNECT: SiwxSignedOnConnect,
  },
  { public: ['SIWX_AUTH_SUCCESS', 'SIWX_AUTH_ERROR'] },
)

// The plugin's events join the registries from this one declaration (its public ones `PublicEvent` too).
declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof siwxEvents> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface PublicEventRegistry extends PublicEventsOf<typeof siwxEvents> {}
}
