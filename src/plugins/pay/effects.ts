/**
 * The pay plugin's effects:
 * - the exchanges for the payment's network and asset, read when the site asks (a failure leaves
 *   the wallet on offer and says so);
 * - an exchange chosen: a popup opened at once, in the click's own turn (one opened after an await
 *   is blocked), cut from this page, then sent to the exchange's payment page once the API answers
 *   (a blocked popup leaves the page as a link); the payment's status is then polled until the
 *   exchange says SUCCESS (PAY_SUCCEEDED with its hash) or FAILED (PAY_FAILED with its reason),
 *   a status that cannot be read three times running fails it, and so does one not settled in
 *   PAY_TIMEOUT_MS: nothing stays on a spinner;
 * - the wallet chosen: the connected wallet sends the transfer and it is waited for on chain;
 * - the modal closed while the visitor is still choosing: the payment is cancelled.
 */
import {
  catchError,
  concat,
  defer,
  EMPTY,
  exhaustMap,
  filter,
  from,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  takeUntil,
  takeWhile,
  timer,
  withLatestFrom,
  type Observable,
} from 'rxjs'
import { createEvent, errorMessage, ofType, type AirlockEvent, type ChainNamespace, type Effect, type PortDeps } from 'airlock/plugin'
import { listExchanges, payStatus, payUrl, type PayStatusResponse } from './api'
import { unitsOf, type Payment } from './payment'

export const PAY_WINDOW_NAME = 'airlock-pay'
export const PAY_POPUP_FEATURES = 'popup,width=460,height=720'
/** How often the exchange is asked for the payment's status. */
export const PAY_STATUS_POLL_MS = 1000
/** Status reads that may fail in a row before the payment is given up. */
export const PAY_STATUS_MAX_ERRORS = 3
/** How long an exchange has to settle a payment, from its page's opening. */
export const PAY_TIMEOUT_MS = 15 * 60 * 1000

export const CANCELLED = 'Payment cancelled'
export const TIMED_OUT = 'The exchange did not confirm the payment in time'
export const NOT_CONNECTED = 'Connect a wallet on the payment’s network to pay from it'
export const NOT_A_PAGE = 'The exchange answered no web address'
/** The exchange said FAILED without a reason. */
export const EXCHANGE_FAILED = 'The exchange could not send the payment'

/** The API's own reason (an HTTP error's details) says what was wrong; else the error's message. */
function messageOf(error: unknown): string {
  const details = error !== null && typeof error === 'object' ? (error as { details?: unknown }).details : undefined
  return typeof details === 'string' && details !== '' ? details : errorMessage(error)
}

/** Only a web page is opened: an answer with another scheme (javascript:, data:) is refused. */
export function pageUrl(text: string): string | null {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}

const failed = (payment: Payment, message: string) => createEvent('PAY_FAILED', { id: payment.id, reason: 'failed', message })
const succeeded = (payment: Payment, method: 'wallet' | 'exchange', txHash: string, exchangeId?: string) =>
  createEvent('PAY_SUCCEEDED', {
    id: payment.id,
    method,
    txHash,
    network: payment.network,
    asset: payment.asset,
    amount: payment.amount,
    recipient: payment.recipient,
    ...(exchangeId !== undefined && { exchangeId }),
  })

export const readExchanges: Effect<PortDeps> = (events$, _state$, { api }) =>
  events$.pipe(
    ofType('PAY_REQUESTED'),
    switchMap(({ payload: { payment } }) =>
      defer(() => listExchanges(api, { network: payment.network, asset: payment.asset })).pipe(
        map(({ exchanges }) => createEvent('PAY_EXCHANGES_RECEIVED', { id: payment.id, exchanges: [...exchanges] })),
        catchError((error: unknown) => of(createEvent('PAY_EXCHANGES_FAILED', { id: payment.id, message: messageOf(error) }))),
      ),
    ),
  )

/** The status polled until it settles (see the header); IN_PROGRESS is said once. */
function watch(payment: Payment, exchangeId: string, sessionId: string, deps: PortDeps): Observable<AirlockEvent> {
  let errors = 0
  let sending = false
  const read = (): Observable<PayStatusResponse | null> =>
    defer(() => payStatus(deps.api, { exchangeId, sessionId })).pipe(
      map((answer) => {
        errors = 0
        return answer
      }),
      catchError((error: unknown) => {
        errors += 1
        if (errors >= PAY_STATUS_MAX_ERRORS) throw error
        return of(null)
      }),
    )
  const polled$ = timer(PAY_STATUS_POLL_MS, PAY_STATUS_POLL_MS, deps.scheduler).pipe(
    // One read at a time: a tick while an answer is awaited asks nothing more.
    exhaustMap(() => read()),
    mergeMap((answer): Observable<AirlockEvent> => {
      if (answer === null) return EMPTY
      if (answer.status === 'SUCCESS' && answer.txHash !== undefined) return of(succeeded(payment, 'exchange', answer.txHash, exchangeId))
      if (answer.status === 'FAILED') return of(failed(payment, answer.message ?? EXCHANGE_FAILED))
      if (answer.status === 'IN_PROGRESS' && !sending) {
        sending = true
        return of(createEvent('PAY_EXCHANGE_SENDING', { id: payment.id }))
      }
      return EMPTY
    }),
    catchError((error: unknown) => of(failed(payment, messageOf(error)))),
  )
  const timeout$ = timer(PAY_TIMEOUT_MS, deps.scheduler).pipe(map(() => failed(payment, TIMED_OUT)))
  const settled = (event: AirlockEvent) => event.type === 'PAY_SUCCEEDED' || event.type === 'PAY_FAILED'
  // Until the payment settles, that event included.
  return merge(polled$, timeout$).pipe(takeWhile((event) => !settled(event), true))
}

function openExchange(payment: Payment, exchangeId: string, deps: PortDeps): Observable<AirlockEvent> {
  // In the click's turn, before anything asynchronous (see the header).
  const popup = deps.openWindow('about:blank', PAY_WINDOW_NAME, PAY_POPUP_FEATURES)
  if (popup) popup.opener = null
  return defer(() =>
    payUrl(deps.api, { exchangeId, network: payment.network, asset: payment.asset, amount: payment.amount, recipient: payment.recipient }),
  ).pipe(
    mergeMap(({ url: answered, sessionId }): Observable<AirlockEvent> => {
      const url = pageUrl(answered)
      if (url === null) throw new Error(NOT_A_PAGE)
      const blocked = !popup || popup.closed
      if (!blocked) popup.location.href = url
      return concat(
        of(createEvent('PAY_EXCHANGE_OPENED', { id: payment.id, exchangeId, sessionId, url, blocked })),
        watch(payment, exchangeId, sessionId, deps),
      )
    }),
    catchError((error: unknown) => {
      popup?.close()
      return of(failed(payment, messageOf(error)))
    }),
  )
}

export const payWithExchange: Effect<PortDeps> = (events$, state$, deps) =>
  events$.pipe(
    ofType('PAY_EXCHANGE_CHOSEN'),
    withLatestFrom(state$),
    mergeMap(([{ payload }, state]) => {
      const payment = state.pay?.payment
      if (!payment || payment.id !== payload.id) return EMPTY
      // A new payment asked meanwhile stops watching this one.
      return openExchange(payment, payload.exchangeId, deps).pipe(takeUntil(events$.pipe(ofType('PAY_REQUESTED'))))
    }),
  )

async function sendFromWallet(payment: Payment, deps: PortDeps): Promise<AirlockEvent> {
  // The payment's own namespace (CAIP-2's first part): eip155, as paymentOf accepts.
  const connection = deps.wallet.connection(payment.network.slice(0, payment.network.indexOf(':')) as ChainNamespace)
  if (!connection?.sendTransfer || connection.caipNetworkId !== payment.network) return failed(payment, NOT_CONNECTED)
  const txHash = await connection.sendTransfer({
    to: payment.recipient,
    amount: unitsOf(payment.amount, payment.decimals),
    ...(payment.asset !== 'native' && { token: payment.asset }),
  })
  return succeeded(payment, 'wallet', txHash)
}

export const payWithWallet: Effect<PortDeps> = (events$, state$, deps) =>
  events$.pipe(
    ofType('PAY_WALLET_CHOSEN'),
    withLatestFrom(state$),
    mergeMap(([{ payload }, state]) => {
      const payment = state.pay?.payment
      if (!payment || payment.id !== payload.id) return EMPTY
      return from(sendFromWallet(payment, deps)).pipe(catchError((error: unknown) => of(failed(payment, messageOf(error)))))
    }),
  )

/** The modal closed while the visitor was still choosing: the site's promise is told at once. */
export const cancelOnClose: Effect<PortDeps> = (events$, state$) =>
  events$.pipe(
    ofType('MODAL_CLOSE'),
    withLatestFrom(state$),
    filter(([, state]) => state.pay?.payment != null && state.pay.step === 'choosing'),
    map(([, state]) => createEvent('PAY_FAILED', { id: state.pay!.payment!.id, reason: 'cancelled', message: CANCELLED })),
  )

export const payEffects: Effect<PortDeps> = (events$, state$, deps) =>
  merge(
    readExchanges(events$, state$, deps),
    payWithExchange(events$, state$, deps),
    payWithWallet(events$, state$, deps),
    cancelOnClose(events$, state$, deps),
  )
