/**
 * The onramp plugin's module (SPEC §1 "Buy crypto through a fiat on-ramp"; §9 eip155 and solana):
 * the Account action Buy opens BuyCrypto: what to buy on the active network and what to pay with,
 * the amount (checked against the payment method's limits), the quote with its fees and total,
 * the providers, and Continue, which opens the provider's widget in a popup; after it closes, the
 * recent purchases and the balance are read again. Its view is a chunk of its own, loaded when
 * first shown; so are its effects (options, quotes, purchases, the popup), loaded when the view
 * first opens.
 */
import { defineModule, type Effect, lazyEffects, createEvent, invalidateOnSettled, type PortDeps } from 'airlock/plugin'
import { onrampEvents } from './events'
import { initialOnrampState, reduceOnramp, type OnrampState } from './state'
import { onrampCommands } from './commands'
import { strings } from './stringsByLocale'
import { ONRAMP_NAMESPACES } from './defaults'
import type * as EffectsChunkModule from './effects'

export type { OnrampState } from './state'

type EffectsChunk = typeof EffectsChunkModule

declare module 'airlock/plugin' {
  interface StateRegistry {
    onramp?: OnrampState
  }
  interface ViewRegistry {
    BuyCrypto: true
  }
  interface CommandRegistry {
    onramp: typeof onrampCommands
  }
}

/** The events that need the effects: the view shown, a refresh, Continue. */
const NEEDS: ReadonlySet<string> = new Set(['ONRAMP_OPENED', 'ONRAMP_PURCHASES_REQUESTED', 'ONRAMP_WIDGET_REQUESTED'])

/** The effects chunk loads when the Buy view is first shown. Should it fail to load, a Continue waiting for it fails rather than loading forever. */
const effects: Effect<PortDeps> = lazyEffects<EffectsChunk, PortDeps>({
  what: 'onramp',
  needs: (event) => NEEDS.has(event.type),
  load: () => import('./effects'),
  effect: (chunk) => chunk.onrampEffects,
  failure: (events, error) =>
    events.some((event) => event.type === 'ONRAMP_WIDGET_REQUESTED') ? [createEvent('ONRAMP_WIDGET_FAILED', { message: String(error) })] : [],
})

export default defineModule<OnrampState, PortDeps>({
  id: 'onramp',
  initialState: initialOnrampState,
  reduce: reduceOnramp,
  events: onrampEvents.codecs,
  publicEvents: onrampEvents.public,
  effects: { onramp: effects, invalidateOnSettled },
  views: { BuyCrypto: () => import('./views/BuyCrypto') },
  strings,
  commands: onrampCommands,
  accountActions: [{ id: 'onramp', label: 'action', view: 'BuyCrypto', namespaces: ONRAMP_NAMESPACES }],
})
