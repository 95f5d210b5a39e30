/**
 * The email plugin's events: codecs by type (the module's `events`) and their types by declaration
 * merging. Each codec is `{ type, payload }` written out (what `defineEvent` makes), so the core
 * helper does not become a chunk of its own shared with the first load.
 */
import * as t from 'io-ts'

/** An email login was triggered at `at` (ms): the start of SPEC §5's cool-down. */
export const EmailLoginTriggered = t.type({ type: t.literal('EMAIL_LOGIN_TRIGGERED'), payload: t.type({ at: t.number }) })
export type EmailLoginTriggered = t.TypeOf<typeof EmailLoginTriggered>

/** Login succeeded: store email and the used flag, clear the last login time (SPEC §4). */
export const EmailLoginSucceeded = t.type({ type: t.literal('EMAIL_LOGIN_SUCCEEDED'), payload: t.type({ email: t.string }) })
export type EmailLoginSucceeded = t.TypeOf<typeof EmailLoginSucceeded>

/** An email update finished (SPEC §4: after VERIFY_SECONDARY_OTP the new email is stored). */
export const EmailUpdated = t.type({ type: t.literal('EMAIL_UPDATED'), payload: t.type({ email: t.string }) })
export type EmailUpdated = t.TypeOf<typeof EmailUpdated>

/** What the plugin's storage keys held when it loaded (SPEC §3); null for an absent or corrupt key. */
export const EmailRestored = t.type({
  type: t.literal('EMAIL_RESTORED'),
  payload: t.type({ lastLoginAt: t.union([t.number, t.null]), email: t.union([t.string, t.null]), loginUsed: t.boolean }),
})
export type EmailRestored = t.TypeOf<typeof EmailRestored>

export const emailEvents = {
  EMAIL_LOGIN_TRIGGERED: EmailLoginTriggered,
  EMAIL_LOGIN_SUCCEEDED: EmailLoginSucceeded,
  EMAIL_UPDATED: EmailUpdated,
  EMAIL_RESTORED: EmailRestored,
}

declare module '../../kernel/registry' {
  interface EventRegistry {
    EMAIL_LOGIN_TRIGGERED: EmailLoginTriggered
    EMAIL_LOGIN_SUCCEEDED: EmailLoginSucceeded
    EMAIL_UPDATED: EmailUpdated
    EMAIL_RESTORED: EmailRestored
  }
}
