/** The email plugin's slice and reducer (SPEC §4 email login, §5 cool-down). */
import type { Reducer } from '../../kernel/module'

export interface EmailState {
  /** When an email login was last triggered (ms), for the 30 s cool-down of SPEC §5. */
  readonly lastLoginAt: number | null
  readonly email: string | null
  /** An email login succeeded on this device (SPEC §3 "email-login-used flag"). */
  readonly loginUsed: boolean
}

export const initialEmailState: EmailState = { lastLoginAt: null, email: null, loginUsed: false }

declare module '../../kernel/registry' {
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
    case 'EMAIL_LOGIN_TRIGGERED':
      draft.lastLoginAt = event.payload.at
      return
    case 'EMAIL_LOGIN_SUCCEEDED':
      // SPEC §4: login success stores email and the used flag, and clears the last login time.
      draft.email = event.payload.email
      draft.loginUsed = true
      draft.lastLoginAt = null
      return
    case 'EMAIL_UPDATED':
      draft.email = event.payload.email
      return
    case 'DISCONNECT_SUCCESS':
    case 'CONNECTION_CHECK_FAILED':
      // SPEC §4: a disconnect, or a failed or negative connection check, clears email and the used flag.
      if (draft.email !== null) draft.email = null
      if (draft.loginUsed) draft.loginUsed = false
      return
  }
}
