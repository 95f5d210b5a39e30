/** The email plugin's slice and reducer (SPEC §4 email login, §5 cool-down). */
import type { Reducer } from 'airlock/plugin'

/** Where the sign-in stands: nothing asked, a code asked for, the device to approve, the code to enter, the code checked. */
export type EmailStep = 'idle' | 'requesting' | 'device' | 'otp' | 'verifying'
/** Where an email change stands (SPEC §4: the current address's code, then the new one's). */
export type EmailUpdateStepName = 'idle' | 'requesting' | 'primary' | 'secondary' | 'verifying' | 'done'

export interface EmailState {
  /** The sign-in in progress (this visit only, never stored). */
  readonly flow: { readonly step: EmailStep; readonly email: string | null; readonly error: string | null }
  readonly update: { readonly step: EmailUpdateStepName; readonly email: string | null; readonly error: string | null }
  /** When an email login was last triggered (ms), for the 30 s cool-down of SPEC §5. */
  readonly lastLoginAt: number | null
  readonly email: string | null
  /** An email login succeeded on this device (SPEC §3 "email-login-used flag"). */
  readonly loginUsed: boolean
}

export const initialEmailState: EmailState = {
  flow: { step: 'idle', email: null, error: null },
  update: { step: 'idle', email: null, error: null },
  lastLoginAt: null,
  email: null,
  loginUsed: false,
}

declare module 'airlock/plugin' {
  interface StateRegistry {
    email?: EmailState
  }
}

/**
 * ```ts
 * reduceEmail(draft, createEvent('EMAIL_LOGIN_SUCCEEDED', { email: 'ada@example.com' }), root)
 * // draft: { email: 'ada@example.com', loginUsed: true, lastLoginAt: null }
 * ```
 */
export const reduceEmail: Reducer<EmailState> = (draft, event) => {
  switch (event.type) {
    case 'EMAIL_RESTORED':
      // What happened during this visit is newer than what storage held.
      draft.lastLoginAt ??= event.payload.lastLoginAt
      draft.email ??= event.payload.email
      draft.loginUsed ||= event.payload.loginUsed
      return
    case 'EMAIL_SUBMITTED':
      draft.flow = { step: 'requesting', email: event.payload.email, error: null }
      return
    case 'EMAIL_CODE_REQUESTED':
      draft.flow = { step: event.payload.action === 'VERIFY_DEVICE' ? 'device' : 'otp', email: event.payload.email, error: null }
      return
    case 'EMAIL_DEVICE_APPROVED':
      draft.flow.step = 'otp'
      return
    case 'EMAIL_OTP_SUBMITTED':
      draft.flow.step = 'verifying'
      draft.flow.error = null
      return
    case 'EMAIL_SIGN_IN_CANCELLED':
      draft.flow = { step: 'idle', email: null, error: null }
      return
    case 'EMAIL_LOGIN_FAILED':
      // Back to the step that can try again: the form, or the code entry once a code was sent.
      draft.flow.step = draft.flow.step === 'verifying' ? 'otp' : draft.flow.step === 'requesting' ? 'idle' : draft.flow.step
      draft.flow.error = event.payload.message
      return
    case 'EMAIL_UPDATE_SUBMITTED':
      draft.update = { step: 'requesting', email: event.payload.email, error: null }
      return
    case 'EMAIL_UPDATE_STEP':
      draft.update.step = event.payload.step === 'VERIFY_PRIMARY_OTP' ? 'primary' : 'secondary'
      draft.update.error = null
      return
    case 'EMAIL_UPDATE_OTP_SUBMITTED':
      draft.update.error = null
      return
    case 'EMAIL_UPDATE_FAILED':
      draft.update.step = draft.update.step === 'requesting' ? 'idle' : draft.update.step
      draft.update.error = event.payload.message
      return
    case 'EMAIL_LOGIN_TRIGGERED':
      draft.lastLoginAt = event.payload.at
      return
    case 'EMAIL_LOGIN_SUCCEEDED':
      // SPEC §4: login success stores email and the used flag, and clears the last login time.
      draft.email = event.payload.email
      draft.loginUsed = true
      draft.lastLoginAt = null
      draft.flow = { step: 'idle', email: null, error: null }
      return
    case 'EMAIL_UPDATED':
      draft.email = event.payload.email
      draft.update = { step: 'done', email: event.payload.email, error: null }
      return
    case 'DISCONNECT_SUCCESS':
    case 'CONNECTION_CHECK_FAILED':
      // SPEC §4: a disconnect, or a failed or negative connection check, clears email and the used flag.
      if (draft.email !== null) draft.email = null
      if (draft.loginUsed) draft.loginUsed = false
      return
  }
}
