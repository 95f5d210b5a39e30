/**
 * The pay plugin's events. Public (the site's analytics and `pay`'s promise): PAY_EXCHANGE_OPENED
 * (the visitor went on to an exchange's page), PAY_SUCCEEDED and PAY_FAILED, each with the
 * payment's id. The others are the Pay view's steps: the payment asked, the exchanges read, an
 * exchange or the wallet chosen, the exchange's status read until the payment settles.
 */
import * as t from 'io-ts'
import { defineEvent, NoPayload, defineEvents, type EventsOf, type PublicEventsOf } from 'airlock/plugin'
import { Payment } from './payment'

/** One exchange a visitor can pay from (GET /v1/exchanges); its icon a data: or https: URL, if any. */
export const Exchange = t.intersection([t.type({ id: t.string, name: t.string }), t.partial({ imageUrl: t.string })], 'Exchange')
export type Exchange = t.TypeOf<typeof Exchange>

/** How the visitor paid. */
export const PayMethod = t.keyof({ wallet: null, exchange: null }, 'PayMethod')
export type PayMethod = t.TypeOf<typeof PayMethod>

/** Why a payment did not happen: the request was wrong, the visitor closed the modal first, or the payment failed. */
export const PayFailure = t.keyof({ invalid: null, cancelled: null, failed: null }, 'PayFailure')
export type PayFailure = t.TypeOf<typeof PayFailure>

/** The site asked for `payment` (decoded): the Pay view shows it, and the exchanges are read. */
export const PayRequested = defineEvent('PAY_REQUESTED', t.type({ payment: Payment }))
export type PayRequested = t.TypeOf<typeof PayRequested>

export const PayExchangesReceived = defineEvent('PAY_EXCHANGES_RECEIVED', t.type({ id: t.string, exchanges: t.readonlyArray(Exchange) }))
export type PayExchangesReceived = t.TypeOf<typeof PayExchangesReceived>

/** The exchanges could not be read: the wallet is still offered. */
export const PayExchangesFailed = defineEvent('PAY_EXCHANGES_FAILED', t.type({ id: t.string, message: t.string }))
export type PayExchangesFailed = t.TypeOf<typeof PayExchangesFailed>

/** The visitor chose an exchange: its page opens in a popup, in the click's own turn. */
export const PayExchangeChosen = defineEvent('PAY_EXCHANGE_CHOSEN', t.type({ id: t.string, exchangeId: t.string }))
export type PayExchangeChosen = t.TypeOf<typeof PayExchangeChosen>

/** Public: the exchange's page is open at `url` (in the popup, or `blocked`: a link to click); its status is polled. */
export const PayExchangeOpened = defineEvent(
  'PAY_EXCHANGE_OPENED',
  t.type({ id: t.string, exchangeId: t.string, sessionId: t.string, url: t.string, blocked: t.boolean }),
)
export type PayExchangeOpened = t.TypeOf<typeof PayExchangeOpened>

/** The exchange says the visitor paid and it is sending (IN_PROGRESS). */
export const PayExchangeSending = defineEvent('PAY_EXCHANGE_SENDING', t.type({ id: t.string }))
export type PayExchangeSending = t.TypeOf<typeof PayExchangeSending>

/** The visitor chose to pay from the connected wallet: the wallet is asked to send. */
export const PayWalletChosen = defineEvent('PAY_WALLET_CHOSEN', t.type({ id: t.string }))
export type PayWalletChosen = t.TypeOf<typeof PayWalletChosen>

/** Public: the payment landed on chain (`txHash`), from the wallet or an exchange. */
export const PaySucceeded = defineEvent(
  'PAY_SUCCEEDED',
  t.intersection([
    t.type({ id: t.string, method: PayMethod, txHash: t.string, network: t.string, asset: t.string, amount: t.string, recipient: t.string }),
    t.partial({ exchangeId: t.string }),
  ]),
)
export type PaySucceeded = t.TypeOf<typeof PaySucceeded>

/** Public: the payment did not happen, and why (`message` is what the visitor reads). */
export const PayFailed = defineEvent('PAY_FAILED', t.type({ id: t.string, reason: PayFailure, message: t.string }))
export type PayFailed = t.TypeOf<typeof PayFailed>

/** The view was left: a payment not yet under way is cancelled. */
export const PayDismissed = defineEvent('PAY_DISMISSED', NoPayload)
export type PayDismissed = t.TypeOf<typeof PayDismissed>

export const payEvents = defineEvents(
  {
    PAY_REQUESTED: PayRequested,
    PAY_EXCHANGES_RECEIVED: PayExchangesReceived,
    PAY_EXCHANGES_FAILED: PayExchangesFailed,
    PAY_EXCHANGE_CHOSEN: PayExchangeChosen,
    PAY_EXCHANGE_OPENED: PayExchangeOpened,
    PAY_EXCHANGE_SENDING: PayExchangeSending,
    PAY_WALLET_CHOSEN: PayWalletChosen,
    PAY_SUCCEEDED: PaySucceeded,
    PAY_FAILED: PayFailed,
    PAY_DISMISSED: PayDismissed,
  },
  { public: ['PAY_EXCHANGE_OPENED', 'PAY_SUCCEEDED', 'PAY_FAILED'] },
)

declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof payEvents> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface PublicEventRegistry extends PublicEventsOf<typeof payEvents> {}
}
