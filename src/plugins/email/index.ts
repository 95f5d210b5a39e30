/**
 * The email-login plugin (SPEC §1, §4, §5): the email field of Connect, the code entry (and the
 * device approval notice) of the sign-in, and the email change. It keeps the login cool-down, the
 * email and the used flag in its own storage keys, and signs in through the `embedded` port; the
 * embedded-wallet plugin connects the wallet once it has. Views are chunks of their own.
 */
import { defineModule, type PortDeps } from 'airlock/plugin'
import { emailEvents } from './events'
import { embeddedEvents } from '../../embedded/events'
import { initialEmailState, reduceEmail, type EmailState } from './state'
import { emailStorage, persist, restore } from './effects'
import { requestCode, updateEmail, verifyCode } from './flow'
import { emailCommands } from './commands'
import { strings } from './stringsByLocale'

export type { EmailState } from './state'

declare module 'airlock/plugin' {
  interface ViewRegistry {
    EmailLogin: true
    EmailVerifyOtp: true
    EmailVerifyDevice: true
    UpdateEmail: true
    UpdateEmailOtp: true
  }
  interface CommandRegistry {
    email: typeof emailCommands
  }
}

export default defineModule<EmailState, PortDeps>({
  id: 'email',
  initialState: initialEmailState,
  reduce: reduceEmail,
  effects: { restore, persist, requestCode, verifyCode, updateEmail },
  events: { ...embeddedEvents, ...emailEvents.codecs },
  storage: emailStorage,
  views: {
    EmailLogin: () => import('./views/EmailLogin'),
    EmailVerifyOtp: () => import('./views/EmailVerifyOtp'),
    EmailVerifyDevice: () => import('./views/EmailVerifyDevice'),
    UpdateEmail: () => import('./views/UpdateEmail'),
    UpdateEmailOtp: () => import('./views/UpdateEmailOtp'),
  },
  strings,
  commands: emailCommands,
  // The field and its button (40 px) between their 12 px margins, held while the view loads.
  connectMethods: [{ id: 'email', group: 'email', view: 'EmailLogin', height: '64px' }],
})
