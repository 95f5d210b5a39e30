/**
 * The social-login plugin (SPEC §1, §4). For now it keeps the connected social provider and user
 * name, in its own storage keys; the provider pop-up and Farcaster flows land here in a later issue.
 */
import { defineModule } from '../../kernel/module'
import type { PortDeps } from '../../ports/deps'
import { socialsEvents } from './events'
import { initialSocialsState, reduceSocials, type SocialsState } from './state'
import { persist, restore, socialsStorage } from './effects'

export type { SocialsState } from './state'

export default defineModule<SocialsState, PortDeps>({
  id: 'socials',
  initialState: initialSocialsState,
  reduce: reduceSocials,
  effects: { restore, persist },
  events: socialsEvents,
  storage: socialsStorage,
})
