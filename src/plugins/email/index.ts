/**
 * The email-login plugin (SPEC §1, §4, §5). For now it keeps the login cool-down, the email and
 * the used flag, in its own storage keys; the embedded-wallet flow (secure frame, OTP views) lands
 * here in a later issue.
 */
import { defineModule } from '../../kernel/module'
import type { PortDeps } from '../../ports/deps'
import { emailEvents } from './events'
import { initialEmailState, reduceEmail, type EmailState } from './state'
import { emailStorage, persist, restore } from './effects'

export type { EmailState } from './state'

export default defineModule<EmailState, PortDeps>({
  id: 'email',
  initialState: initialEmailState,
  reduce: reduceEmail,
  effects: { restore, persist },
  events: emailEvents,
  storage: emailStorage,
})
