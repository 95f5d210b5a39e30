/**
 * The onramp plugin's slice: SPEC §3 onramp state (providers, selectedProvider, error,
 * purchaseCurrency, paymentCurrency, purchaseCurrencies, paymentCurrencies, paymentAmount,
 * purchaseAmount, quotesLoading), the quote (SPEC §3 onramp quote; SPEC §4 "loading, then the
 * amount is set, or the error is stored"), the widget's popup, and the account's purchases (SPEC §3
 * transactions state `coinbaseTransactions`) and balances read for the Buy view.
 *
 * The order (currencies, amount, quote, widget) starts over when the network or the account
 * changes: a quote for one network is not another's. The options stay: they are the provider's.
 */
import type { Draft } from 'immer'
import type { TokenBalance, TransactionItem, AirlockEvent } from 'airlock/plugin'
import type { OnrampQuote, PaymentCurrency, PurchaseCurrency } from './events'

export type WidgetStatus = 'idle' | 'opening' | 'open' | 'blocked' | 'failed'

export interface OnrampState {
  /** The network the feature was last used on, so it can reset when the network changes. */
  readonly lastNetwork: string | null
  /** The options: not asked yet, being read, or held (from the API or the SPEC §9 defaults). */
  readonly optionsStatus: 'idle' | 'loading' | 'ready'
  readonly optionsFromDefaults: boolean
  readonly providers: readonly string[]
  readonly selectedProvider: string | null
  /** The last quote's error (SPEC §4), else null. */
  readonly error: string | null
  /** As the visitor chose them; the selectors fall back to the first the network offers. */
  readonly purchaseCurrency: PurchaseCurrency | null
  readonly paymentCurrency: PaymentCurrency | null
  readonly purchaseCurrencies: readonly PurchaseCurrency[]
  readonly paymentCurrencies: readonly PaymentCurrency[]
  /** The amount to pay as typed, in the payment currency. */
  readonly paymentAmount: string
  /** What it buys, from the quote (SPEC §4 "the amount is set"); null until quoted. */
  readonly purchaseAmount: string | null
  readonly quotesLoading: boolean
  readonly quote: OnrampQuote | null
  /** The order the quote held (or loading) is for: see `orderKey`. */
  readonly quoteKey: string | null
  /** The quote is SPEC §7's placeholder (the call failed): the entered amount, not a price. */
  readonly quotePlaceholder: boolean
  readonly widget: { readonly status: WidgetStatus; readonly url: string | null; readonly message: string | null }
  /** SPEC §3 `coinbaseTransactions`: the purchases of `account` (CAIP-10), newest first. */
  readonly purchases: {
    readonly account: string | null
    readonly transactions: readonly TransactionItem[]
    readonly loading: boolean
    readonly failed: boolean
  }
  readonly balances: { readonly caipAddress: string | null; readonly list: readonly TokenBalance[] }
}

const NO_WIDGET = { status: 'idle', url: null, message: null } as const
const NO_PURCHASES = { account: null, transactions: [], loading: false, failed: false } as const

export const initialOnrampState: OnrampState = {
  lastNetwork: null,
  optionsStatus: 'idle',
  optionsFromDefaults: false,
  providers: [],
  selectedProvider: null,
  error: null,
  purchaseCurrency: null,
  paymentCurrency: null,
  purchaseCurrencies: [],
  paymentCurrencies: [],
  paymentAmount: '',
  purchaseAmount: null,
  quotesLoading: false,
  quote: null,
  quoteKey: null,
  quotePlaceholder: false,
  widget: NO_WIDGET,
  purchases: NO_PURCHASES,
  balances: { caipAddress: null, list: [] },
}

/** The order's quote no longer holds (an input changed, or the account or network). */
function clearQuote(draft: Draft<OnrampState>): void {
  draft.quote = null
  draft.quoteKey = null
  draft.quotePlaceholder = false
  draft.purchaseAmount = null
  draft.quotesLoading = false
  draft.error = null
}

/** The events after which the order starts over (see the file's comment). */
const ACCOUNT_CHANGES: ReadonlySet<string> = new Set(['ACCOUNT_CONNECTED', 'ACCOUNTS_CHANGED', 'DISCONNECT_SUCCESS', 'CONNECTION_RESET'])

export function reduceOnramp(draft: Draft<OnrampState>, event: AirlockEvent): void {
  if (ACCOUNT_CHANGES.has(event.type)) {
    clearQuote(draft)
    draft.paymentAmount = ''
    draft.widget = { ...NO_WIDGET }
    draft.purchases = { ...NO_PURCHASES, transactions: [] }
    draft.balances = { caipAddress: null, list: [] }
    return
  }
  switch (event.type) {
    case 'NETWORK_SWITCHED':
      draft.lastNetwork = event.payload.caipNetworkId
      draft.purchaseCurrency = null
      draft.widget = { ...NO_WIDGET }
      clearQuote(draft)
      return
    case 'ONRAMP_OPENED':
      if (draft.optionsStatus === 'idle') draft.optionsStatus = 'loading'
      return
    case 'ONRAMP_OPTIONS_RECEIVED': {
      const { purchaseCurrencies, paymentCurrencies, providers, defaults } = event.payload
      draft.optionsStatus = 'ready'
      draft.optionsFromDefaults = defaults
      draft.purchaseCurrencies = purchaseCurrencies as Draft<PurchaseCurrency[]>
      draft.paymentCurrencies = paymentCurrencies as Draft<PaymentCurrency[]>
      draft.providers = [...providers]
      if (draft.selectedProvider === null || !providers.includes(draft.selectedProvider)) draft.selectedProvider = providers[0] ?? null
      return
    }
    case 'ONRAMP_PURCHASE_CURRENCY_SELECTED': {
      const found = draft.purchaseCurrencies.find((c) => c.id === event.payload.id)
      if (!found || found.id === draft.purchaseCurrency?.id) return
      draft.purchaseCurrency = found
      clearQuote(draft)
      return
    }
    case 'ONRAMP_PAYMENT_CURRENCY_SELECTED': {
      const found = draft.paymentCurrencies.find((c) => c.id === event.payload.id)
      if (!found || found.id === draft.paymentCurrency?.id) return
      draft.paymentCurrency = found
      clearQuote(draft)
      return
    }
    case 'ONRAMP_PROVIDER_SELECTED':
      if (draft.providers.includes(event.payload.provider)) draft.selectedProvider = event.payload.provider
      return
    case 'ONRAMP_AMOUNT_ENTERED':
      if (event.payload.text === draft.paymentAmount) return
      draft.paymentAmount = event.payload.text
      clearQuote(draft)
      return
    case 'ONRAMP_QUOTE_REQUESTED':
      clearQuote(draft)
      draft.quoteKey = event.payload.key
      draft.quotesLoading = true
      return
    case 'ONRAMP_QUOTE_RECEIVED':
      // An answer for an order the visitor has changed since is dropped.
      if (event.payload.key !== draft.quoteKey) return
      draft.quotesLoading = false
      draft.quote = event.payload.quote as Draft<OnrampQuote>
      draft.purchaseAmount = event.payload.quote.purchaseAmount.amount
      return
    case 'ONRAMP_QUOTE_FAILED':
      if (event.payload.key !== draft.quoteKey) return
      draft.quotesLoading = false
      draft.error = event.payload.message
      draft.quote = event.payload.placeholder as Draft<OnrampQuote>
      draft.quotePlaceholder = true
      draft.purchaseAmount = event.payload.placeholder.purchaseAmount.amount
      return
    case 'ONRAMP_WIDGET_REQUESTED':
      draft.widget = { status: 'opening', url: null, message: null }
      return
    case 'ONRAMP_WIDGET_OPENED':
      draft.widget = { status: event.payload.blocked ? 'blocked' : 'open', url: event.payload.url, message: null }
      return
    case 'ONRAMP_WIDGET_FAILED':
      draft.widget = { status: 'failed', url: null, message: event.payload.message }
      return
    case 'ONRAMP_WIDGET_CLOSED':
      draft.widget = { ...NO_WIDGET }
      return
    case 'ONRAMP_PURCHASES_REQUESTED': {
      const same = draft.purchases.account === event.payload.account
      draft.purchases = { account: event.payload.account, transactions: same ? draft.purchases.transactions : [], loading: true, failed: false }
      return
    }
    case 'ONRAMP_PURCHASES_RECEIVED':
      if (event.payload.account !== draft.purchases.account) return
      draft.purchases = { account: event.payload.account, transactions: event.payload.transactions as Draft<TransactionItem[]>, loading: false, failed: false }
      return
    case 'ONRAMP_PURCHASES_FAILED':
      // SPEC §4 transaction history: on failure it becomes empty.
      if (event.payload.account !== draft.purchases.account) return
      draft.purchases = { account: event.payload.account, transactions: [], loading: false, failed: true }
      return
    case 'ONRAMP_BALANCES_RECEIVED':
      draft.balances = { caipAddress: event.payload.caipAddress, list: event.payload.balances as Draft<TokenBalance[]> }
      return
    default:
      return
  }
}
