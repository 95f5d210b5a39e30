/**
 * The socials plugin's events: codecs by type (the module's `events`) and their types by declaration
 * merging. Each codec is `{ type, payload }` written out (what `defineEvent` makes), so the core
 * helper does not become a chunk of its own shared with the first load.
 */
import * as t from 'io-ts'
import { SocialProvider } from '../../embedded/protocol'
import { defineEvents, type EventsOf } from 'airlock/plugin'

/** A social login succeeded: the provider and, where it gives one, the user name (SPEC §4). */
export const SocialLoginSucceeded = t.type({
  type: t.literal('SOCIAL_LOGIN_SUCCEEDED'),
  payload: t.type({ provider: SocialProvider, username: t.union([t.string, t.null]) }),
})
export type SocialLoginSucceeded = t.TypeOf<typeof SocialLoginSucceeded>

/** What the plugin's storage keys held when it loaded (SPEC §3); null for an absent or corrupt key. */
export const SocialsRestored = t.type({
  type: t.literal('SOCIALS_RESTORED'),
  payload: t.type({ provider: t.union([SocialProvider, t.null]), username: t.union([t.string, t.null]) }),
})
export type SocialsRestored = t.TypeOf<typeof SocialsRestored>

const RedirectProvider = t.keyof({ google: null, github: null, apple: null, facebook: null, x: null, discord: null })

/** The visitor picked a social provider with a redirect login (a popup, or this page when popups are blocked). */
export const SocialLoginStarted = t.type({ type: t.literal('SOCIAL_LOGIN_STARTED'), payload: t.type({ provider: RedirectProvider }) })
export type SocialLoginStarted = t.TypeOf<typeof SocialLoginStarted>

/** The provider's answer came back (`result_uri`): the frame is finishing the sign-in. */
export const SocialResultReceived = t.type({ type: t.literal('SOCIAL_RESULT_RECEIVED'), payload: t.type({}) })
export type SocialResultReceived = t.TypeOf<typeof SocialResultReceived>

/** The social sign-in failed or was abandoned (the popup closed); `message` is shown. */
export const SocialLoginFailed = t.type({ type: t.literal('SOCIAL_LOGIN_FAILED'), payload: t.type({ message: t.string }) })
export type SocialLoginFailed = t.TypeOf<typeof SocialLoginFailed>

/** The visitor picked Farcaster: ConnectingFarcaster shows its link as a QR code (SPEC §2). */
export const FarcasterLoginStarted = t.type({ type: t.literal('FARCASTER_LOGIN_STARTED'), payload: t.type({}) })
export type FarcasterLoginStarted = t.TypeOf<typeof FarcasterLoginStarted>

/** The frame gave the Sign In With Farcaster link: ConnectingFarcaster shows it as a QR code (SPEC §3 farcasterUrl). */
export const FarcasterUrlReceived = t.type({ type: t.literal('FARCASTER_URL_RECEIVED'), payload: t.type({ url: t.string }) })
export type FarcasterUrlReceived = t.TypeOf<typeof FarcasterUrlReceived>

/**
 * The visitor went back from ConnectingFarcaster while not connected (SPEC §2): the link is gone
 * and the half-done login abandoned; the auth provider reloads 100 ms later.
 */
export const FarcasterLoginAbandoned = t.type({ type: t.literal('FARCASTER_LOGIN_ABANDONED'), payload: t.type({}) })
export type FarcasterLoginAbandoned = t.TypeOf<typeof FarcasterLoginAbandoned>

export const socialsEvents = defineEvents({
  SOCIAL_LOGIN_SUCCEEDED: SocialLoginSucceeded,
  SOCIALS_RESTORED: SocialsRestored,
  SOCIAL_LOGIN_STARTED: SocialLoginStarted,
  SOCIAL_RESULT_RECEIVED: SocialResultReceived,
  SOCIAL_LOGIN_FAILED: SocialLoginFailed,
  FARCASTER_LOGIN_STARTED: FarcasterLoginStarted,
  FARCASTER_URL_RECEIVED: FarcasterUrlReceived,
  FARCASTER_LOGIN_ABANDONED: FarcasterLoginAbandoned,
})

// The plugin's events join the registries from this one declaration.
declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof socialsEvents> {}
}
