/**
 * The sign-in-with-wallet plugin (SPEC §4 sign-in flow, §2 SIWXSignMessage): after a connection on
 * eip155, solana or bip122 without a session at the site, SIWXSignMessage asks the visitor to sign
 * a sign-in message; the site's `siwx` config (src/ports/siwx.ts) issues the nonce and keeps the
 * session. While sign-in is required and no session exists, the plugin holds the router's close
 * lock on the sign and approve views (SPEC §2). The view is a chunk of its own.
 */
import { defineModule, type Effect, lazyEffects, createEvent, type PortDeps } from 'airlock/plugin'
import { siwxEvents } from './events'
import { initialSiwxState, reduceSiwx } from './state'
import { closeLock } from './effects'
import { askOnConnect, closeOnSuccess, openSignIn, revokeOnDisconnect } from './flow'
import { siwxCommands } from './commands'
import { en } from './strings'
import { strings } from './stringsByLocale'

import type * as SignInChunkModule from './signIn'

export type { SiwxState } from './state'

/**
 * The sign-in's code (./signIn: the message format, the wallet and site calls) is a chunk of its
 * own, loaded at the first Sign. Should it fail to load, that Sign fails as declined, on the view.
 */
const signOnRequest: Effect<PortDeps> = lazyEffects<typeof SignInChunkModule, PortDeps>({
  what: 'sign-in',
  needs: (event) => event.type === 'SIWX_SIGN_REQUESTED',
  load: () => import('./signIn'),
  effect: (chunk) => chunk.signOnRequest,
  failure: () => [
    createEvent('SIWX_AUTH_ERROR', { caipNetworkId: null, isSmartAccount: false, reason: 'declined', message: en['errors.declined'] }),
    openSignIn,
  ],
})

declare module 'airlock/plugin' {
  interface ViewRegistry {
    SIWXSignMessage: true
  }
  interface CommandRegistry {
    siwx: typeof siwxCommands
  }
}

export default defineModule({
  id: 'siwx',
  initialState: initialSiwxState,
  reduce: reduceSiwx,
  effects: { closeLock, askOnConnect, signOnRequest, closeOnSuccess, revokeOnDisconnect },
  events: siwxEvents.codecs,
  publicEvents: siwxEvents.public,
  views: { SIWXSignMessage: () => import('./views/SIWXSignMessage') },
  strings,
  commands: siwxCommands,
})
