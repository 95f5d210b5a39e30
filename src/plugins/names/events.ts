/**
 * The names plugin's events. Public (analytics, DESIGN "Events", by the industry's names):
 * REGISTER_NAME_INITIATED, REGISTER_NAME_SUCCESS and REGISTER_NAME_ERROR. The others are the
 * form's steps: a label typed, and the suggestions (with the label's availability) read for it.
 */
import * as t from 'io-ts'
import { defineEvent, defineEvents, type EventsOf, type PublicEventsOf } from 'airlock/plugin'

/** The visitor typed `text` in the name field (a label, or a full name in one of SPEC §9's zones). */
export const NameLabelEntered = defineEvent('NAME_LABEL_ENTERED', t.type({ text: t.string }))
export type NameLabelEntered = t.TypeOf<typeof NameLabelEntered>

export const NameSuggestion = t.type({ name: t.string, registered: t.boolean }, 'NameSuggestion')
export type NameSuggestion = t.TypeOf<typeof NameSuggestion>

/** The API's suggestions for `label` (lower case): the name asked for first, registered or not, then free ones. */
export const NameSuggestionsReceived = defineEvent('NAME_SUGGESTIONS_RECEIVED', t.type({ label: t.string, suggestions: t.array(NameSuggestion) }))
export type NameSuggestionsReceived = t.TypeOf<typeof NameSuggestionsReceived>

/** The suggestions for `label` could not be read: `message` is SPEC §8's "Error fetching name suggestions". */
export const NameSuggestionsFailed = defineEvent('NAME_SUGGESTIONS_FAILED', t.type({ label: t.string, message: t.string }))
export type NameSuggestionsFailed = t.TypeOf<typeof NameSuggestionsFailed>

/** Public: the visitor pressed Register for `name` (full, lower case) on `caipNetworkId`; the wallet is asked to sign. */
export const RegisterNameInitiated = defineEvent('REGISTER_NAME_INITIATED', t.type({ name: t.string, caipNetworkId: t.string }))
export type RegisterNameInitiated = t.TypeOf<typeof RegisterNameInitiated>

/** Public: `name` is registered for `address` and is its primary name. */
export const RegisterNameSuccess = defineEvent('REGISTER_NAME_SUCCESS', t.type({ name: t.string, address: t.string, caipNetworkId: t.string }))
export type RegisterNameSuccess = t.TypeOf<typeof RegisterNameSuccess>

/** Why a registration failed: the chain has no coin type, the visitor declined to sign (4001), or anything else. */
export const RegisterNameFailure = t.keyof({ unsupportedChain: null, noAccount: null, rejected: null, failed: null }, 'RegisterNameFailure')
export type RegisterNameFailure = t.TypeOf<typeof RegisterNameFailure>

/**
 * Public: registering `name` failed. `message` is SPEC §8's: "Error registering name {name}" with
 * the name, or "Chain is not supported"; `details` what lay beneath (the API's or wallet's words).
 */
export const RegisterNameError = defineEvent(
  'REGISTER_NAME_ERROR',
  t.type({ name: t.string, message: t.string, reason: RegisterNameFailure, details: t.union([t.string, t.null]) }),
)
export type RegisterNameError = t.TypeOf<typeof RegisterNameError>

export const namesEvents = defineEvents(
  {
    NAME_LABEL_ENTERED: NameLabelEntered,
    NAME_SUGGESTIONS_RECEIVED: NameSuggestionsReceived,
    NAME_SUGGESTIONS_FAILED: NameSuggestionsFailed,
    REGISTER_NAME_INITIATED: RegisterNameInitiated,
    REGISTER_NAME_SUCCESS: RegisterNameSuccess,
    REGISTER_NAME_ERROR: RegisterNameError,
  },
  { public: ['REGISTER_NAME_INITIATED', 'REGISTER_NAME_SUCCESS', 'REGISTER_NAME_ERROR'] },
)

// The plugin's events join the registries from this one declaration (its public ones `PublicEvent` too).
declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof namesEvents> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface PublicEventRegistry extends PublicEventsOf<typeof namesEvents> {}
}
