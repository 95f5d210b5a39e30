/** The email plugin's commands, for its views (`useCommands().email`). */
import { createEvent, type AirlockEvent, type RootState } from 'airlock/plugin'

export const emailCommands = {
  /** Ask for a code for `email` (nothing while one is being asked for). */
  submit: (state: RootState, email: string): AirlockEvent[] =>
    state.email?.flow.step === 'requesting' ? [] : [createEvent('EMAIL_SUBMITTED', { email: email.trim() })],
  /** Send the code again to the address in use. */
  resend: (state: RootState): AirlockEvent[] => {
    const email = state.email?.flow.email ?? null
    return email === null || state.email?.flow.step === 'requesting' ? [] : [createEvent('EMAIL_SUBMITTED', { email })]
  },
  /** Check the code (nothing while one is being checked). */
  verify: (state: RootState, otp: string): AirlockEvent[] =>
    state.email?.flow.step === 'verifying' ? [] : [createEvent('EMAIL_OTP_SUBMITTED', { otp: otp.trim() })],
  /** Leave the sign-in: back to the email field; an answer still to come is ignored. */
  cancel: (): AirlockEvent[] => [createEvent('EMAIL_SIGN_IN_CANCELLED', {})],
  /** Start changing the email to `email`. */
  update: (_state: RootState, email: string): AirlockEvent[] => [createEvent('EMAIL_UPDATE_SUBMITTED', { email: email.trim() })],
  /** Check the email change's current code. */
  verifyUpdate: (_state: RootState, otp: string): AirlockEvent[] => [createEvent('EMAIL_UPDATE_OTP_SUBMITTED', { otp: otp.trim() })],
}
