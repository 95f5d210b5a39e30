/**
 * The visitor's Continue (SPEC §7 POST /v1/generators/onrampurl): a popup is opened at once, in
 * the click's own turn (a popup opened after an await is blocked), cut from this page (`opener`
 * cleared while it is still about:blank), then sent to the widget's URL once the API answers.
 * When the browser blocks the popup, the URL is shown as a link the visitor can click. The popup
 * is watched until it closes; then the purchases and balances are read again.
 *
 * It must run in the click's turn: it is in the effects chunk, which the Buy view's opening loads
 * (the options come from it), so Continue, offered only once they are read, finds it loaded.
 */
import { catchError, concat, defer, exhaustMap, filter, from, interval, mergeMap, of, take, takeUntil, withLatestFrom, type Observable } from 'rxjs'
import { type Effect, ofType, createEvent, transactionSettled, type AirlockEvent, type PortDeps } from 'airlock/plugin'
import { onrampUrl } from './api'
import { selectBuyForm, type BuyForm } from './selectors'

/** Continue on an order with a problem (a command sent before the view caught up). */
export const ORDER_INCOMPLETE = 'The order is not complete'
export const ONRAMP_WINDOW_NAME = 'airlock-onramp'
export const ONRAMP_POPUP_FEATURES = 'popup,width=460,height=720'
/** How often the popup is looked at (whether it closed). */
export const ONRAMP_POPUP_POLL_MS = 500

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** Only a web page is opened: an answer with another scheme (javascript:, data:) is refused. */
export function widgetUrl(text: string): string | null {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}

function request(form: BuyForm, deps: PortDeps): Observable<AirlockEvent> {
  const { purchase, paymentCurrency, address, caipAddress } = form
  // Nothing opens for an order that cannot be bought (the view offers no Continue then).
  if (!form.supported || !purchase || !paymentCurrency || address === null || caipAddress === null || form.orderKey === null) {
    return of(createEvent('ONRAMP_WIDGET_FAILED', { message: ORDER_INCOMPLETE }))
  }
  // In the click's turn, before anything asynchronous (see the header).
  const popup = deps.openWindow('about:blank', ONRAMP_WINDOW_NAME, ONRAMP_POPUP_FEATURES)
  if (popup) popup.opener = null
  const amount = form.onramp.paymentAmount.trim()
  const quoted = form.quote && !form.onramp.quotePlaceholder ? Number(form.quote.purchaseAmount.amount) : undefined
  const opened = (url: string, blocked: boolean) =>
    createEvent('ONRAMP_WIDGET_OPENED', { url, blocked, purchaseCurrency: purchase.currency.id, paymentCurrency: paymentCurrency.id, amount })
  return defer(() =>
    onrampUrl(deps.api, {
      destinationWallets: [{ address, blockchains: [purchase.network.name], assets: [purchase.currency.id] }],
      partnerUserId: address,
      defaultNetwork: purchase.network.name,
      presetFiatAmount: Number(amount),
      ...(quoted !== undefined && Number.isFinite(quoted) && { presetCryptoAmount: quoted }),
    }),
  ).pipe(
    mergeMap(({ url: answered }): Observable<AirlockEvent> => {
      const url = widgetUrl(answered)
      if (url === null) throw new Error('The on-ramp answered no web address')
      if (!popup || popup.closed) return of(opened(url, true))
      popup.location.href = url
      const closed$ = interval(ONRAMP_POPUP_POLL_MS, deps.scheduler).pipe(
        filter(() => popup.closed),
        take(1),
        // The purchase is delivered on the account's chain before the widget says so: what it touched is read again.
        mergeMap(() =>
          from([
            createEvent('ONRAMP_WIDGET_CLOSED', {}),
            transactionSettled(caipAddress.slice(0, caipAddress.lastIndexOf(':')), null, 'onramp'),
            createEvent('ONRAMP_PURCHASES_REQUESTED', { account: caipAddress }),
          ]),
        ),
      )
      return concat(of(opened(url, false)), closed$)
    }),
    catchError((error: unknown) => {
      popup?.close()
      return of(createEvent('ONRAMP_WIDGET_FAILED', { message: messageOf(error) }))
    }),
  )
}

/** Continue → the widget (see the header). One at a time; a disconnect stops watching the popup. */
export const openWidget: Effect<PortDeps> = (events$, state$, deps) =>
  events$.pipe(
    ofType('ONRAMP_WIDGET_REQUESTED'),
    withLatestFrom(state$),
    exhaustMap(([, state]) => request(selectBuyForm(state), deps).pipe(takeUntil(events$.pipe(ofType('DISCONNECT_SUCCESS'))))),
  )
