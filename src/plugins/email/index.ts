/**
 * The email-login plugin (SPEC §1, §4, §5). For now it keeps the login cool-down state; the
 * embedded-wallet flow (secure frame, OTP views) lands here in a later issue.
 */
import { defineModule } from '../../kernel/module'

export interface EmailState {
  /** When an email login was last triggered (ms), for the 30 s cool-down of SPEC §5. */
  readonly lastLoginAt: number | null
  readonly email: string | null
}

declare module '../../kernel/registry' {
  interface StateRegistry {
    email?: EmailState
  }
}

export default defineModule<EmailState>({
  id: 'email',
  initialState: { lastLoginAt: null, email: null },
  reduce(draft, event) {
    if (event.type === 'STORAGE_HYDRATED') {
      if (event.payload.values.lastEmailLoginTime !== undefined) draft.lastLoginAt = event.payload.values.lastEmailLoginTime
      if (event.payload.values.email !== undefined) draft.email = event.payload.values.email
    } else if (event.type === 'EMAIL_LOGIN_TRIGGERED') {
      draft.lastLoginAt = event.payload.at
    } else if (event.type === 'EMAIL_LOGIN_SUCCEEDED') {
      draft.email = event.payload.email
      draft.lastLoginAt = null
    } else if (event.type === 'DISCONNECT_SUCCESS' || event.type === 'CONNECTION_CHECK_FAILED') {
      if (draft.email !== null) draft.email = null
    }
  },
})
