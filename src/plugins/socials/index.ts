/**
 * The social-login plugin (SPEC §1, §2 ConnectingFarcaster, §4): the social buttons of Connect,
 * the popup sign-in (or this page's redirect when popups are blocked, and Telegram's), and
 * Farcaster by QR code. It keeps the connected social provider and user name in its own storage
 * keys, and signs in through the `embedded` port; the embedded-wallet plugin connects the wallet.
 */
import { defineModule, type PortDeps } from 'airlock/plugin'
import { socialsEvents } from './events'
import { initialSocialsState, reduceSocials, type SocialsState } from './state'
import { persist, restore, socialsStorage } from './effects'
import { farcasterLogin, redirectResult, socialLogin } from './flow'
import { farcasterBack } from './farcasterBack'
import { embeddedEvents } from '../../embedded/events'
import { socialsCommands } from './commands'
import { strings } from './stringsByLocale'

export type { SocialsState } from './state'

declare module 'airlock/plugin' {
  interface ViewRegistry {
    SocialLogin: true
    ConnectingSocial: true
    ConnectingFarcaster: true
  }
  interface CommandRegistry {
    socials: typeof socialsCommands
  }
}

export default defineModule<SocialsState, PortDeps>({
  id: 'socials',
  initialState: initialSocialsState,
  reduce: reduceSocials,
  effects: { restore, persist, socialLogin, redirectResult, farcasterLogin, farcasterBack },
  events: { ...embeddedEvents, ...socialsEvents.codecs },
  storage: socialsStorage,
  views: {
    SocialLogin: () => import('./views/SocialLogin'),
    ConnectingSocial: () => import('./views/ConnectingSocial'),
    ConnectingFarcaster: () => import('./views/ConnectingFarcaster'),
  },
  strings,
  commands: socialsCommands,
  // Four rows (52 px, 6 px apart), held while the view loads: SPEC §9's default socials show three
  // and "More options", as any list of four or more does (a site's shorter list shows fewer).
  connectMethods: [{ id: 'socials', group: 'social', view: 'SocialLogin', height: '226px' }],
})
