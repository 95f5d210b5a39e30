/**
 * The send plugin's module (SPEC §1 "Send tokens", eip155 and solana §9, on by default): the Account
 * action Send opens WalletSend (token, amount in the token or USD, receiver by address or name),
 * then WalletSendPreview (amount, value, receiver, network, fee), whose Send asks the wallet
 * through the `wallet` port; the chain adapter builds the namespace's transfer. Its views are
 * chunks of their own, loaded when first shown; so is each namespace's transfer code.
 */
import { defineModule, type Effect, lazyEffects, invalidateOnSettled, type PortDeps } from 'airlock/plugin'
import { sendEvents } from './events'
import { initialSendState, reduceSend, type SendState } from './state'
import { sendCommands } from './commands'
import { sendFailed } from './failed'
import { strings } from './stringsByLocale'
import { SEND_NAMESPACES } from './namespaces'
import { readSendBalances } from './balances'
import type * as EffectsChunkModule from './effects'

type EffectsChunk = typeof EffectsChunkModule

declare module 'airlock/plugin' {
  interface StateRegistry {
    send?: SendState
  }
  interface ViewRegistry {
    WalletSend: true
    WalletSendPreview: true
  }
  interface CommandRegistry {
    send: typeof sendCommands
  }
}

/** The form's steps that need the effects: a token chosen (its fee is read), a receiver typed (a name is looked up), Send. */
const NEEDS: ReadonlySet<string> = new Set(['SEND_TOKEN_SELECTED', 'SEND_RECEIVER_ENTERED', 'SEND_REQUESTED'])

/**
 * The effects are a chunk of their own (./effects: selectors, fee, names, the send), loaded at the
 * form's first step. Should it fail to load, a Send waiting for it fails rather than loading forever.
 */
const effects: Effect<PortDeps> = (events$, state$, deps) =>
  lazyEffects<EffectsChunk, PortDeps>({
    what: 'send',
    needs: (event) => NEEDS.has(event.type),
    load: () => import('./effects'),
    effect: (chunk) => chunk.sendEffects,
    failure: (events, error) =>
      events.some((event) => event.type === 'SEND_REQUESTED')
        ? sendFailed({ caipNetworkId: null, token: null, amount: null }, 'failed', String(error), deps.clock.now())
        : [],
  })(events$, state$, deps)

export default defineModule<SendState, PortDeps>({
  id: 'send',
  initialState: initialSendState,
  reduce: reduceSend,
  events: sendEvents.codecs,
  publicEvents: sendEvents.public,
  effects: { send: effects, balances: readSendBalances, invalidateOnSettled },
  views: { WalletSend: () => import('./views/WalletSend'), WalletSendPreview: () => import('./views/WalletSendPreview') },
  strings,
  commands: sendCommands,
  accountActions: [{ id: 'send', label: 'action', view: 'WalletSend', namespaces: SEND_NAMESPACES }],
})
