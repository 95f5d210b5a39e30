/**
 * The sign-in-with-wallet plugin (SPEC §4 sign-in flow, §2 SIWXSignMessage): after a connection on
 * eip155, solana or bip122 without a session at the site, SIWXSignMessage asks the visitor to sign
 * a sign-in message; the site's `siwx` config (src/ports/siwx.ts) issues the nonce and keeps the
 * session. While sign-in is required and no session exists, the plugin holds the router's close
 * lock on the sign and approve views (SPEC §2). The view is a chunk of its own.
 */
import { defineModule } from '../../kernel/module'
import type { PortDeps } from '../../ports/deps'
import { SIWX_PUBLIC_EVENTS, siwxEvents } from './events'
import { initialSiwxState, reduceSiwx, type SiwxState } from './state'
import { closeLock } from './effects'
import { askOnConnect, closeOnSuccess, revokeOnDisconnect, signOnRequest } from './flow'
import { siwxCommands } from './commands'
import { de, en } from './strings'

export type { SiwxState } from './state'

declare module '../../events/views' {
  interface ViewRegistry {
    SIWXSignMessage: true
  }
}

declare module '../../core/contributions/commands' {
  interface CommandRegistry {
    siwx: typeof siwxCommands
  }
}

export default defineModule<SiwxState, PortDeps>({
  id: 'siwx',
  initialState: initialSiwxState,
  reduce: reduceSiwx,
  effects: { closeLock, askOnConnect, signOnRequest, closeOnSuccess, revokeOnDisconnect },
  events: siwxEvents,
  publicEvents: SIWX_PUBLIC_EVENTS,
  views: { SIWXSignMessage: () => import('./views/SIWXSignMessage') },
  strings: { en, de },
  commands: siwxCommands,
})
