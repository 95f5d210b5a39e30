/**
 * The onramp plugin's effects that need no click's turn, a chunk of their own loaded when the Buy
 * view is first shown (index.ts):
 * - the options (SPEC §7 GET /v1/onramp/options), once; when the call fails, the SPEC §9 defaults
 *   (SPEC §7 "Onramp options fail: built-in defaults are used"). The providers list is read from
 *   the answer with io-ts: an array of strings, otherwise empty (SPEC §5);
 * - the quote of the order once typing pauses (SPEC §4: loading, then the amount is set, or the
 *   error is stored; SPEC §7: a failed quote leaves a placeholder equal to the entered amount);
 * - the account's purchases (SPEC §7 history with `onramp`) and balances, read when asked;
 * - Continue: the widget in a popup (./widget.ts).
 */
import * as t from 'io-ts'
import { catchError, concat, debounceTime, defer, distinctUntilChanged, EMPTY, exhaustMap, filter, map, merge, of, switchMap, withLatestFrom } from 'rxjs'
import { type Effect, isRight, ofType, createEvent, accountData, fromRead, type PortDeps } from 'airlock/plugin'
import { onrampOptions, onrampQuote } from './api'
import { DEFAULT_PAYMENT_CURRENCIES, DEFAULT_PURCHASE_CURRENCIES } from './defaults'
import type { OnrampQuote } from './events'
import { selectBuyForm, type BuyForm } from './selectors'
import { openWidget } from './widget'

/** How long typing pauses before a quote is asked (SPEC §9 search minimum wait). */
export const QUOTE_WAIT_MS = 300

/** SPEC §5: the providers list must be an array of strings. */
const Providers = t.readonlyArray(t.string)

/** The providers an options answer names: its `providers` if an array of strings, otherwise none (SPEC §5). */
export function providersOf(answer: unknown): readonly string[] {
  const listed = answer !== null && typeof answer === 'object' ? (answer as { providers?: unknown }).providers : undefined
  const decoded = Providers.decode(listed)
  return isRight(decoded) ? decoded.right : []
}

/** SPEC §7 "Quote fails: a placeholder quote equal to the entered amount is returned". */
export function placeholderQuote(amount: string, symbol: string): OnrampQuote {
  return { purchaseAmount: { amount, currency: symbol } }
}

const messageOf = (error: unknown): string => {
  if (error !== null && typeof error === 'object') {
    // The API's own reason (an HTTP error's details) says what was wrong: "The minimum card purchase is 10.00 USD".
    const details = (error as { details?: unknown }).details
    if (typeof details === 'string' && details !== '') return details
    const message = (error as { message?: unknown }).message
    if (typeof message === 'string') return message
  }
  return String(error)
}

export const readOptions: Effect<PortDeps> = (events$, state$, { api }) =>
  events$.pipe(
    ofType('ONRAMP_OPENED'),
    withLatestFrom(state$),
    filter(([, state]) => state.onramp?.optionsStatus !== 'ready'),
    exhaustMap(() =>
      defer(() => onrampOptions(api)).pipe(
        map((answer) =>
          createEvent('ONRAMP_OPTIONS_RECEIVED', {
            purchaseCurrencies: answer.purchaseCurrencies,
            paymentCurrencies: answer.paymentCurrencies,
            providers: providersOf(answer),
            defaults: false,
          }),
        ),
        catchError(() =>
          of(
            createEvent('ONRAMP_OPTIONS_RECEIVED', {
              purchaseCurrencies: DEFAULT_PURCHASE_CURRENCIES,
              paymentCurrencies: DEFAULT_PAYMENT_CURRENCIES,
              providers: [],
              defaults: true,
            }),
          ),
        ),
      ),
    ),
  )

function quote(form: BuyForm, key: string, { api }: PortDeps) {
  const { purchase, paymentCurrency } = form
  if (!purchase || !paymentCurrency) return EMPTY
  const amount = form.onramp.paymentAmount.trim()
  return concat(
    of(createEvent('ONRAMP_QUOTE_REQUESTED', { key })),
    defer(() => onrampQuote(api, { purchaseCurrency: purchase.currency, paymentCurrency, amount, network: purchase.network.name })).pipe(
      map((answer) => createEvent('ONRAMP_QUOTE_RECEIVED', { key, quote: answer })),
      catchError((error: unknown) =>
        of(createEvent('ONRAMP_QUOTE_FAILED', { key, message: messageOf(error), placeholder: placeholderQuote(amount, purchase.currency.symbol) })),
      ),
    ),
  )
}

/** A quote for the order once typing pauses; the latest order wins (an older answer is dropped by its key). */
export const quoteOrder: Effect<PortDeps> = (_events$, state$, deps) =>
  state$.pipe(
    map((state) => selectBuyForm(state)),
    distinctUntilChanged((a, b) => a.orderKey === b.orderKey),
    debounceTime(QUOTE_WAIT_MS, deps.scheduler),
    withLatestFrom(state$),
    switchMap(([, state]) => {
      const form = selectBuyForm(state)
      const key = form.orderKey
      if (key === null || !form.supported || form.onramp.quoteKey === key) return EMPTY
      return quote(form, key, deps)
    }),
  )

/**
 * The purchases from the provider (SPEC §7 history `onramp`), newest first, through the instance's
 * account-data service; a failure leaves none (SPEC §4).
 */
export const readPurchases: Effect<PortDeps> = (events$, state$, deps) =>
  events$.pipe(
    ofType('ONRAMP_PURCHASES_REQUESTED'),
    withLatestFrom(state$),
    switchMap(([{ payload }, state]) =>
      fromRead((signal) => accountData(deps).purchases(payload.account, selectBuyForm(state).provider, { signal })).pipe(
        map(({ data }) => createEvent('ONRAMP_PURCHASES_RECEIVED', { account: payload.account, transactions: [...data] })),
        catchError(() => of(createEvent('ONRAMP_PURCHASES_FAILED', { account: payload.account }))),
      ),
    ),
  )

/**
 * The balances, read with the purchases, for the Buy view, through the instance's account-data
 * service: the Tokens tab's read of the same account answers it while fresh (30 s), not a third
 * call. A failure leaves what was shown.
 */
export const readBalances: Effect<PortDeps> = (events$, _state$, deps) =>
  events$.pipe(
    ofType('ONRAMP_PURCHASES_REQUESTED'),
    switchMap(({ payload: { account: caipAddress } }) =>
      fromRead((signal) => accountData(deps).balances(caipAddress, { signal })).pipe(
        map((balances) => createEvent('ONRAMP_BALANCES_RECEIVED', { caipAddress, balances })),
        catchError(() => EMPTY),
      ),
    ),
  )

/**
 * Every lazy effect of the plugin, as one: what the module's trigger hands the events to once loaded.
 *
 * ```ts
 * lazyEffects({ what: 'onramp', needs, load: () => import('./effects'), effect: (chunk) => chunk.onrampEffects })
 * ```
 */
export const onrampEffects: Effect<PortDeps> = (events$, state$, deps) =>
  merge(
    readOptions(events$, state$, deps),
    quoteOrder(events$, state$, deps),
    readPurchases(events$, state$, deps),
    readBalances(events$, state$, deps),
    openWidget(events$, state$, deps),
  )
