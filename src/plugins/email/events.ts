/**
 * The email plugin's events: codecs by type (the module's `events`) and their types by declaration
 * merging. Each codec is `{ type, payload }` written out (what `defineEvent` makes), so the core
 * helper does not become a chunk of its own shared with the first load.
 */
import * as t from 'io-ts'
import { defineEvents, type EventsOf } from 'airlock/plugin'

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

/** The visitor asked for a code for `email` (the form, or "Resend code"). */
export const EmailSubmitted = t.type({ type: t.literal('EMAIL_SUBMITTED'), payload: t.type({ email: t.string }) })
export type EmailSubmitted = t.TypeOf<typeof EmailSubmitted>

/** The frame's answer (SPEC §4): approve this device first (VERIFY_DEVICE), or enter the code (VERIFY_OTP). */
export const EmailCodeRequested = t.type({
  type: t.literal('EMAIL_CODE_REQUESTED'),
  payload: t.type({ email: t.string, action: t.keyof({ VERIFY_DEVICE: null, VERIFY_OTP: null }) }),
})
export type EmailCodeRequested = t.TypeOf<typeof EmailCodeRequested>

/** The device was approved through the emailed link: the code is on its way. */
export const EmailDeviceApproved = t.type({ type: t.literal('EMAIL_DEVICE_APPROVED'), payload: t.type({}) })
export type EmailDeviceApproved = t.TypeOf<typeof EmailDeviceApproved>

/** The visitor left the sign-in (a page's own form, issue 28 §3 headless): back to the email field, any answer still to come ignored. */
export const EmailSignInCancelled = t.type({ type: t.literal('EMAIL_SIGN_IN_CANCELLED'), payload: t.type({}) })
export type EmailSignInCancelled = t.TypeOf<typeof EmailSignInCancelled>

/** The visitor entered the one-time code. */
export const EmailOtpSubmitted = t.type({ type: t.literal('EMAIL_OTP_SUBMITTED'), payload: t.type({ otp: t.string }) })
export type EmailOtpSubmitted = t.TypeOf<typeof EmailOtpSubmitted>

/** A step of the email sign-in failed; `message` is shown where the visitor is. */
export const EmailLoginFailed = t.type({ type: t.literal('EMAIL_LOGIN_FAILED'), payload: t.type({ message: t.string }) })
export type EmailLoginFailed = t.TypeOf<typeof EmailLoginFailed>

/** The visitor asked to change the email to `email` (SPEC §4 email update). */
export const EmailUpdateSubmitted = t.type({ type: t.literal('EMAIL_UPDATE_SUBMITTED'), payload: t.type({ email: t.string }) })
export type EmailUpdateSubmitted = t.TypeOf<typeof EmailUpdateSubmitted>

/** The update's next code to enter: the one sent to the current address, then the one sent to the new one. */
export const EmailUpdateStep = t.type({
  type: t.literal('EMAIL_UPDATE_STEP'),
  payload: t.type({ step: t.keyof({ VERIFY_PRIMARY_OTP: null, VERIFY_SECONDARY_OTP: null }) }),
})
export type EmailUpdateStep = t.TypeOf<typeof EmailUpdateStep>

/** The visitor entered the update's current code. */
export const EmailUpdateOtpSubmitted = t.type({ type: t.literal('EMAIL_UPDATE_OTP_SUBMITTED'), payload: t.type({ otp: t.string }) })
export type EmailUpdateOtpSubmitted = t.TypeOf<typeof EmailUpdateOtpSubmitted>

/** A step of the update failed. */
export const EmailUpdateFailed = t.type({ type: t.literal('EMAIL_UPDATE_FAILED'), payload: t.type({ message: t.string }) })
export type EmailUpdateFailed = t.TypeOf<typeof EmailUpdateFailed>

export const emailEvents = defineEvents({
  EMAIL_SUBMITTED: EmailSubmitted,
  EMAIL_CODE_REQUESTED: EmailCodeRequested,
  EMAIL_DEVICE_APPROVED: EmailDeviceApproved,
  EMAIL_OTP_SUBMITTED: EmailOtpSubmitted,
  EMAIL_SIGN_IN_CANCELLED: EmailSignInCancelled,
  EMAIL_LOGIN_FAILED: EmailLoginFailed,
  EMAIL_UPDATE_SUBMITTED: EmailUpdateSubmitted,
  EMAIL_UPDATE_STEP: EmailUpdateStep,
  EMAIL_UPDATE_OTP_SUBMITTED: EmailUpdateOtpSubmitted,
  EMAIL_UPDATE_FAILED: EmailUpdateFailed,
  EMAIL_LOGIN_TRIGGERED: EmailLoginTriggered,
  EMAIL_LOGIN_SUCCEEDED: EmailLoginSucceeded,
  EMAIL_UPDATED: EmailUpdated,
  EMAIL_RESTORED: EmailRestored,
})

// The plugin's events join the registries from this one declaration.
declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof emailEvents> {}
}
