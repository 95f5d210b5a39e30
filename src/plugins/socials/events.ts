/**
 * The socials plugin's events: codecs by type (the module's `events`) and their types by declaration
 * merging. Each codec is `{ type, payload }` written out (what `defineEvent` makes), so the core
 * helper does not become a chunk of its own shared with the first load.
 */
import * as t from 'io-ts'
import { SocialProvider } from '../../events/shapes/socialProvider'

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

export const socialsEvents = { SOCIAL_LOGIN_SUCCEEDED: SocialLoginSucceeded, SOCIALS_RESTORED: SocialsRestored }

declare module '../../kernel/registry' {
  interface EventRegistry {
    SOCIAL_LOGIN_SUCCEEDED: SocialLoginSucceeded
    SOCIALS_RESTORED: SocialsRestored
  }
}
