/**
 * The sign-message plugin's module: its own chunk, imported by the manifest when the plugin is
 * enabled. Everything it uses comes from the public entry points, `airlock`, `airlock/react` and `airlock/plugin`.
 */
import { defineModule } from 'airlock'
import { SignedMessage, signMessageEvents } from './events'
import { initialState, reduce, type SignMessageState } from './state'
import { remember, restore, sign } from './effects'
import { signMessageCommands } from './commands'
import { de, en } from './strings'

// Declaration merging: the plugin's slice, view and commands join the package's registries (its
// events do in ./events), so `state.signMessage`, `open('SignMessage')` and
// `useCommands().signMessage.sign()` are checked by the compiler.
declare module 'airlock/plugin' {
  interface StateRegistry {
    signMessage?: SignMessageState
  }
  interface ViewRegistry {
    SignMessage: true
  }
  interface CommandRegistry {
    signMessage: typeof signMessageCommands
  }
}

export default defineModule({
  id: 'signMessage',
  initialState,
  reduce,
  effects: { sign, remember, restore },
  events: signMessageEvents.codecs,
  publicEvents: signMessageEvents.public,
  // Scoped to the plugin (`@airlock/signMessage/lastSignature`); a corrupt value resets alone.
  storage: { lastSignature: SignedMessage },
  // The view's code is a chunk of its own: it loads when a visitor first opens the view.
  views: { SignMessage: () => import('./views/SignMessageView') },
  strings: { en, de },
  accountActions: [{ id: 'signMessage', label: 'action', view: 'SignMessage', namespaces: ['eip155'] }],
  commands: signMessageCommands,
})
