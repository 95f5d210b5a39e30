/**
 * The onramp plugin's events. Public (analytics): ONRAMP_WIDGET_OPENED (the visitor went on to
 * the provider's widget). The others are the Buy view's steps: the options read (or the SPEC §9 defaults), the
 * currencies and amount chosen, the quote (SPEC §4: loading, then the amount, or the error), the
 * widget opened in a popup (or blocked), and the recent purchases and balances read after it.
 */
import * as t from 'io-ts'
import { defineEvent, NoPayload, TokenBalance, TransactionItem, TransactionSettled, defineEvents, type EventsOf, type PublicEventsOf } from 'airlock/plugin'

/** SPEC §3 onramp purchase currency. */
export const PurchaseCurrency = t.type(
  {
    id: t.string,
    name: t.string,
    symbol: t.string,
    networks: t.readonlyArray(t.type({ name: t.string, display_name: t.string, chain_id: t.string, contract_address: t.string })),
  },
  'PurchaseCurrency',
)
export type PurchaseCurrency = t.TypeOf<typeof PurchaseCurrency>

/** SPEC §3 onramp payment currency: its payment methods' limits (decimal strings). */
export const PaymentCurrency = t.type(
  { id: t.string, payment_method_limits: t.readonlyArray(t.type({ id: t.string, min: t.string, max: t.string })) },
  'PaymentCurrency',
)
export type PaymentCurrency = t.TypeOf<typeof PaymentCurrency>

const Amount = t.type({ amount: t.string, currency: t.string })
/** SPEC §3 onramp quote. */
export const OnrampQuote = t.intersection(
  [
    t.type({ purchaseAmount: Amount }),
    t.partial({ coinbaseFee: Amount, networkFee: Amount, paymentSubtotal: Amount, paymentTotal: Amount, quoteId: t.string }),
  ],
  'OnrampQuote',
)
export type OnrampQuote = t.TypeOf<typeof OnrampQuote>

/** The Buy view was shown: the options are read (once), and the account's purchases and balances. */
export const OnrampOpened = defineEvent('ONRAMP_OPENED', NoPayload)
export type OnrampOpened = t.TypeOf<typeof OnrampOpened>

/**
 * What can be bought and paid with, and who sells it. `defaults` when the options call failed and
 * the SPEC §9 defaults stand in (SPEC §7 "Onramp options fail: built-in defaults are used").
 */
export const OnrampOptionsReceived = defineEvent(
  'ONRAMP_OPTIONS_RECEIVED',
  t.type({
    purchaseCurrencies: t.readonlyArray(PurchaseCurrency),
    paymentCurrencies: t.readonlyArray(PaymentCurrency),
    providers: t.readonlyArray(t.string),
    defaults: t.boolean,
  }),
)
export type OnrampOptionsReceived = t.TypeOf<typeof OnrampOptionsReceived>

export const OnrampPurchaseCurrencySelected = defineEvent('ONRAMP_PURCHASE_CURRENCY_SELECTED', t.type({ id: t.string }))
export type OnrampPurchaseCurrencySelected = t.TypeOf<typeof OnrampPurchaseCurrencySelected>

export const OnrampPaymentCurrencySelected = defineEvent('ONRAMP_PAYMENT_CURRENCY_SELECTED', t.type({ id: t.string }))
export type OnrampPaymentCurrencySelected = t.TypeOf<typeof OnrampPaymentCurrencySelected>

export const OnrampProviderSelected = defineEvent('ONRAMP_PROVIDER_SELECTED', t.type({ provider: t.string }))
export type OnrampProviderSelected = t.TypeOf<typeof OnrampProviderSelected>

/** The visitor typed the amount to pay, in the payment currency. */
export const OnrampAmountEntered = defineEvent('ONRAMP_AMOUNT_ENTERED', t.type({ text: t.string }))
export type OnrampAmountEntered = t.TypeOf<typeof OnrampAmountEntered>

/** A quote is asked for the order `key` (SPEC §4: loading). */
export const OnrampQuoteRequested = defineEvent('ONRAMP_QUOTE_REQUESTED', t.type({ key: t.string }))
export type OnrampQuoteRequested = t.TypeOf<typeof OnrampQuoteRequested>

/** The quote of the order `key` (SPEC §4: the amount is set). */
export const OnrampQuoteReceived = defineEvent('ONRAMP_QUOTE_RECEIVED', t.type({ key: t.string, quote: OnrampQuote }))
export type OnrampQuoteReceived = t.TypeOf<typeof OnrampQuoteReceived>

/**
 * The quote of `key` failed: the error is stored (SPEC §4), and the placeholder quote, equal to
 * the entered amount, stands in (SPEC §7 "Quote fails").
 */
export const OnrampQuoteFailed = defineEvent('ONRAMP_QUOTE_FAILED', t.type({ key: t.string, message: t.string, placeholder: OnrampQuote }))
export type OnrampQuoteFailed = t.TypeOf<typeof OnrampQuoteFailed>

/** The visitor's Continue: the widget opens in a popup. */
export const OnrampWidgetRequested = defineEvent('ONRAMP_WIDGET_REQUESTED', NoPayload)
export type OnrampWidgetRequested = t.TypeOf<typeof OnrampWidgetRequested>

/** Public: the widget is open at `url` (in the popup, or `blocked`: shown as a link to click). */
export const OnrampWidgetOpened = defineEvent(
  'ONRAMP_WIDGET_OPENED',
  t.type({ url: t.string, blocked: t.boolean, purchaseCurrency: t.string, paymentCurrency: t.string, amount: t.string }),
)
export type OnrampWidgetOpened = t.TypeOf<typeof OnrampWidgetOpened>

/** The widget's URL could not be had. */
export const OnrampWidgetFailed = defineEvent('ONRAMP_WIDGET_FAILED', t.type({ message: t.string }))
export type OnrampWidgetFailed = t.TypeOf<typeof OnrampWidgetFailed>

/** The popup was closed: what was bought is read again. */
export const OnrampWidgetClosed = defineEvent('ONRAMP_WIDGET_CLOSED', NoPayload)
export type OnrampWidgetClosed = t.TypeOf<typeof OnrampWidgetClosed>

/** The purchases of `account` (CAIP-10) are read (SPEC §7 history with `onramp`). */
export const OnrampPurchasesRequested = defineEvent('ONRAMP_PURCHASES_REQUESTED', t.type({ account: t.string }))
export type OnrampPurchasesRequested = t.TypeOf<typeof OnrampPurchasesRequested>

/** SPEC §3 transactions state `coinbaseTransactions`: the purchases of `account`, newest first. */
export const OnrampPurchasesReceived = defineEvent('ONRAMP_PURCHASES_RECEIVED', t.type({ account: t.string, transactions: t.readonlyArray(TransactionItem) }))
export type OnrampPurchasesReceived = t.TypeOf<typeof OnrampPurchasesReceived>

/** The purchases of `account` could not be read (SPEC §7: "Failed to fetch transactions"). */
export const OnrampPurchasesFailed = defineEvent('ONRAMP_PURCHASES_FAILED', t.type({ account: t.string }))
export type OnrampPurchasesFailed = t.TypeOf<typeof OnrampPurchasesFailed>

/** The balances of `caipAddress`, read for the Buy view. */
export const OnrampBalancesReceived = defineEvent('ONRAMP_BALANCES_RECEIVED', t.type({ caipAddress: t.string, balances: t.readonlyArray(TokenBalance) }))
export type OnrampBalancesReceived = t.TypeOf<typeof OnrampBalancesReceived>

export const onrampEvents = defineEvents(
  {
    ONRAMP_OPENED: OnrampOpened,
    ONRAMP_OPTIONS_RECEIVED: OnrampOptionsReceived,
    ONRAMP_PURCHASE_CURRENCY_SELECTED: OnrampPurchaseCurrencySelected,
    ONRAMP_PAYMENT_CURRENCY_SELECTED: OnrampPaymentCurrencySelected,
    ONRAMP_PROVIDER_SELECTED: OnrampProviderSelected,
    ONRAMP_AMOUNT_ENTERED: OnrampAmountEntered,
    ONRAMP_QUOTE_REQUESTED: OnrampQuoteRequested,
    ONRAMP_QUOTE_RECEIVED: OnrampQuoteReceived,
    ONRAMP_QUOTE_FAILED: OnrampQuoteFailed,
    ONRAMP_WIDGET_REQUESTED: OnrampWidgetRequested,
    ONRAMP_WIDGET_OPENED: OnrampWidgetOpened,
    ONRAMP_WIDGET_FAILED: OnrampWidgetFailed,
    ONRAMP_WIDGET_CLOSED: OnrampWidgetClosed,
    ONRAMP_PURCHASES_REQUESTED: OnrampPurchasesRequested,
    ONRAMP_PURCHASES_RECEIVED: OnrampPurchasesReceived,
    ONRAMP_PURCHASES_FAILED: OnrampPurchasesFailed,
    ONRAMP_BALANCES_RECEIVED: OnrampBalancesReceived,
    TRANSACTION_SETTLED: TransactionSettled,
  },
  { public: ['ONRAMP_WIDGET_OPENED', 'TRANSACTION_SETTLED'] },
)

// The plugin's events join the registries from this one declaration (its public ones `PublicEvent` too).
declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof onrampEvents> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface PublicEventRegistry extends PublicEventsOf<typeof onrampEvents> {}
}
