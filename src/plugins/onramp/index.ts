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
import {
  ONRAMP_PUBLIC_EVENTS,
  onrampEvents,
  type OnrampAmountEntered,
  type OnrampBalancesReceived,
  type OnrampOpened,
  type OnrampOptionsReceived,
  type OnrampPaymentCurrencySelected,
  type OnrampProviderSelected,
  type OnrampPurchaseCurrencySelected,
  type OnrampPurchasesFailed,
  type OnrampPurchasesReceived,
  type OnrampPurchasesRequested,
  type OnrampQuoteFailed,
  type OnrampQuoteReceived,
  type OnrampQuoteRequested,
  type OnrampWidgetClosed,
  type OnrampWidgetFailed,
  type OnrampWidgetOpened,
  type OnrampWidgetRequested,
} from './events'
import { initialOnrampState, reduceOnramp, type OnrampState } from './state'
import { onrampCommands } from './commands'
import { de, en } from './strings'
import { ONRAMP_NAMESPACES } from './defaults'
import type * as EffectsChunkModule from './effects'

export type { OnrampState } from './state'

type EffectsChunk = typeof EffectsChunkModule

declare module '../../kernel/registry' {
  interface EventRegistry {
    ONRAMP_OPENED: OnrampOpened
    ONRAMP_OPTIONS_RECEIVED: OnrampOptionsReceived
    ONRAMP_PURCHASE_CURRENCY_SELECTED: OnrampPurchaseCurrencySelected
    ONRAMP_PAYMENT_CURRENCY_SELECTED: OnrampPaymentCurrencySelected
    ONRAMP_PROVIDER_SELECTED: OnrampProviderSelected
    ONRAMP_AMOUNT_ENTERED: OnrampAmountEntered
    ONRAMP_QUOTE_REQUESTED: OnrampQuoteRequested
    ONRAMP_QUOTE_RECEIVED: OnrampQuoteReceived
    ONRAMP_QUOTE_FAILED: OnrampQuoteFailed
    ONRAMP_WIDGET_REQUESTED: OnrampWidgetRequested
    ONRAMP_WIDGET_OPENED: OnrampWidgetOpened
    ONRAMP_WIDGET_FAILED: OnrampWidgetFailed
    ONRAMP_WIDGET_CLOSED: OnrampWidgetClosed
    ONRAMP_PURCHASES_REQUESTED: OnrampPurchasesRequested
    ONRAMP_PURCHASES_RECEIVED: OnrampPurchasesReceived
    ONRAMP_PURCHASES_FAILED: OnrampPurchasesFailed
    ONRAMP_BALANCES_RECEIVED: OnrampBalancesReceived
  }
  interface StateRegistry {
    onramp?: OnrampState
  }
}

declare module '../../events/views' {
  interface ViewRegistry {
    BuyCrypto: true
  }
}

declare module '../../core/contributions/commands' {
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
  events: onrampEvents,
  publicEvents: ONRAMP_PUBLIC_EVENTS,
  effects: { onramp: effects, invalidateOnSettled },
  views: { BuyCrypto: () => import('./views/BuyCrypto') },
  strings: { en, de },
  commands: onrampCommands,
  accountActions: [{ id: 'onramp', label: 'action', view: 'BuyCrypto', namespaces: ONRAMP_NAMESPACES }],
})
