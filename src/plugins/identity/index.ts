/**
 * The identity plugin's module: the connected EVM account's name and avatar (SPEC §4 identity
 * sync) into the account state (PROFILE_RESOLVED), which Account and the account button show.
 */
import { defineModule, type PortDeps } from 'airlock/plugin'
import { initialIdentityState, reduceIdentity, type IdentityState } from './state'
import { identityEvents } from './events'
import { syncIdentity } from './effects'

declare module 'airlock/plugin' {
  interface StateRegistry {
    identity?: IdentityState
  }
}

export default defineModule<IdentityState, PortDeps>({
  id: 'identity',
  initialState: initialIdentityState,
  reduce: reduceIdentity,
  events: identityEvents.codecs,
  effects: { syncIdentity },
})
