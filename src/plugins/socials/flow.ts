/**
 * The social sign-in (SPEC §4), through the `embedded` port:
 * - a redirect provider (google, github, apple, facebook, x, discord): a popup is opened at once,
 *   in the click's own turn (Safari blocks a popup opened after an await), then sent to the
 *   provider's authorisation URL; the login ends on this page's URL with `result_uri`, which is
 *   read from the popup once it is back on this origin. The frame finishes the sign-in with it.
 *   When the browser blocks the popup, this page itself goes to the provider and comes back
 *   with `result_uri` (the Telegram and mobile flow): the plugin finishes the sign-in on load and
 *   removes `result_uri` from the address (SPEC §4 "Telegram social result").
 * - farcaster: its link is shown as a QR code (ConnectingFarcaster); the frame waits for the
 *   Farcaster app to sign in.
 * Success: SOCIAL_LOGIN_SUCCEEDED (provider and user name stored) and EMBEDDED_LOGIN_SUCCEEDED.
 */
import { concat, defer, EMPTY, filter, from, interval, map, mergeMap, of, switchMap, take, takeUntil, catchError, withLatestFrom, type Observable } from 'rxjs'
import { FRAME_CHAIN_NAMESPACE } from '../../embedded/namespaces'
import { type Command, type Effect, ofType, createEvent, type AirlockEvent, type RootState } from 'airlock/plugin'
import type { PortDeps } from 'airlock/plugin'
import { WALLET_RECOVERY_NEEDED, type FrameUser } from '../../embedded/protocol'
import { namespaceNetwork, pushView } from 'airlock/plugin'
import { POPUP_BLOCKED, POPUP_CLOSED } from './messages'

/** The popup's window name: an Airlock on the page the login returns to, inside it, leaves the result to its opener. */
export const SOCIAL_WINDOW_NAME = 'airlock-social-login'
export const POPUP_FEATURES = 'popup,width=480,height=640'
/** How often the popup is looked at (its URL, whether it closed). */
export const POPUP_POLL_MS = 400
export const RESULT_PARAM = 'result_uri'
export const ERROR_PARAM = 'social_error'
export { POPUP_BLOCKED, POPUP_CLOSED } from './messages'

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

function accountTypeAndChain(state: RootState): { preferredAccountType: 'eoa' | 'smartAccount'; chainId: number } {
  const chosen = state.account.preferredAccountTypes[FRAME_CHAIN_NAMESPACE] ?? state.account.defaultAccountTypes[FRAME_CHAIN_NAMESPACE]
  const reference = namespaceNetwork(state, FRAME_CHAIN_NAMESPACE)?.caipNetworkId.split(':')[1]
  return { preferredAccountType: chosen === 'eoa' ? 'eoa' : 'smartAccount', chainId: Number(reference ?? 1) }
}

/** The page URL without this flow's parameters: where the login comes back to. */
export function returnUrl(href: string): string {
  const url = new URL(href)
  url.searchParams.delete(RESULT_PARAM)
  url.searchParams.delete(ERROR_PARAM)
  url.hash = ''
  return url.toString()
}

/** The sign-in result in a URL of this page: `{ resultUri }`, `{ error }`, or null when it carries neither. */
export function readResult(href: string, origin: string): { resultUri: string } | { error: string } | null {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return null
  }
  if (url.origin !== origin) return null
  const resultUri = url.searchParams.get(RESULT_PARAM)
  if (resultUri !== null) return { resultUri }
  const error = url.searchParams.get(ERROR_PARAM)
  return error === null ? null : { error }
}

/** The sign-in's facts, then the connection of the embedded wallet (`connectorId`, the port's). */
const succeeded = (user: FrameUser, connectorId: string): AirlockEvent[] => {
  const connect = createEvent('CONNECT_REQUESTED', { connectorId })
  const provider = user.provider === 'email' ? null : user.provider
  if (provider === null) return [createEvent('EMBEDDED_LOGIN_SUCCEEDED', { provider: 'email', identifier: user.email }), connect]
  return [
    createEvent('SOCIAL_LOGIN_SUCCEEDED', { provider, username: user.userName }),
    createEvent('EMBEDDED_LOGIN_SUCCEEDED', { provider, identifier: user.userName ?? user.email }),
    connect,
  ]
}

/** Finish the sign-in with the provider's result. */
function connectWith(resultUri: string, state: RootState, deps: PortDeps): Observable<AirlockEvent> {
  return concat(
    of(createEvent('SOCIAL_RESULT_RECEIVED', {})),
    defer(() => deps.embedded.request('CONNECT_SOCIAL', { uri: resultUri, ...accountTypeAndChain(state) })).pipe(
      mergeMap((user) => from(succeeded(user, deps.embedded.connectorId))),
      catchError(failedOrRecovery),
    ),
  )
}

/** A sign-in on a new device (WALLET_RECOVERY_NEEDED) goes on to the recovery code; anything else failed. */
const failedOrRecovery = (error: unknown): Observable<AirlockEvent> =>
  of(
    messageOf(error) === WALLET_RECOVERY_NEEDED
      ? createEvent('EMBEDDED_RECOVERY_NEEDED', {})
      : createEvent('SOCIAL_LOGIN_FAILED', { message: messageOf(error) }),
  )

/** Watches the popup until it is back on this origin with a result, or closed. */
function watchPopup(popup: Window, origin: string, deps: PortDeps): Observable<{ resultUri: string } | { error: string }> {
  return interval(POPUP_POLL_MS, deps.scheduler).pipe(
    map(() => {
      if (popup.closed) return { error: POPUP_CLOSED }
      try {
        // Reading a cross-origin location throws: the login is still at the provider.
        return readResult(popup.location.href, origin)
      } catch {
        return null
      }
    }),
    filter((result): result is { resultUri: string } | { error: string } => result !== null),
    take(1),
  )
}

export const socialLogin: Effect<PortDeps> = (events$, state$, deps) =>
  events$.pipe(
    ofType('SOCIAL_LOGIN_STARTED'),
    withLatestFrom(state$),
    switchMap(([event, state]): Observable<AirlockEvent | Command> => {
      const win = deps.window
      if (!win) return of(createEvent('SOCIAL_LOGIN_FAILED', { message: POPUP_BLOCKED }))
      // In the click's turn, before anything asynchronous (see the header).
      const popup = deps.openWindow('about:blank', SOCIAL_WINDOW_NAME, POPUP_FEATURES)
      const returnTo = returnUrl(win.location.href)
      const origin = win.location.origin
      return defer(() => deps.embedded.request('GET_SOCIAL_REDIRECT_URI', { provider: event.payload.provider, returnTo })).pipe(
        mergeMap(({ uri }): Observable<AirlockEvent> => {
          if (!popup) {
            // Blocked: this page goes to the provider and comes back with the result.
            win.location.assign(uri)
            return EMPTY
          }
          popup.location.href = uri
          return watchPopup(popup, origin, deps).pipe(
            mergeMap((result) => {
              if (!popup.closed) popup.close()
              if ('error' in result) return of(createEvent('SOCIAL_LOGIN_FAILED', { message: result.error }))
              return connectWith(result.resultUri, state, deps)
            }),
          )
        }),
        catchError((error: unknown) => {
          popup?.close()
          return of(createEvent('SOCIAL_LOGIN_FAILED', { message: messageOf(error) }))
        }),
        // A newer start, or the visitor leaving the flow, closes this popup.
        takeUntil(events$.pipe(filter((next) => next.type === 'MODAL_CLOSE'))),
      )
    }),
  )

/** This page came back from the provider with `result_uri` (the popup was blocked, or Telegram): finish and clean the address. */
export const redirectResult: Effect<PortDeps> = (events$, state$, deps) =>
  events$.pipe(
    filter((event) => event.type === 'PLUGIN_LOADED' && event.payload.id === 'socials'),
    take(1),
    withLatestFrom(state$),
    mergeMap(([, state]): Observable<AirlockEvent | Command> => {
      const win = deps.window
      // Inside our own popup, the opener reads the result.
      if (!win || win.name === SOCIAL_WINDOW_NAME) return EMPTY
      const result = readResult(win.location.href, win.location.origin)
      if (result === null) return EMPTY
      // SPEC §4: after login the result_uri query parameter is removed from the address.
      win.history.replaceState(win.history.state, '', returnUrl(win.location.href))
      if ('error' in result) return of(createEvent('SOCIAL_LOGIN_FAILED', { message: result.error }))
      return connectWith(result.resultUri, state, deps)
    }),
  )

export const farcasterLogin: Effect<PortDeps> = (events$, state$, deps) =>
  events$.pipe(
    ofType('FARCASTER_LOGIN_STARTED'),
    withLatestFrom(state$),
    switchMap(([, state]): Observable<AirlockEvent | Command> => {
      const show: Command = (root) => pushView(root, 'ConnectingFarcaster')
      const login = defer(() => deps.embedded.request('GET_FARCASTER_URI', {})).pipe(
        mergeMap(({ url }) =>
          concat(
            of(createEvent('FARCASTER_URL_RECEIVED', { url })),
            defer(() => deps.embedded.request('CONNECT_FARCASTER', {})).pipe(
              mergeMap(() => deps.embedded.request('GET_USER', accountTypeAndChain(state))),
              mergeMap((user) => from(succeeded(user, deps.embedded.connectorId))),
            ),
          ),
        ),
        catchError(failedOrRecovery),
        // Leaving the view (SPEC §2) clears the link: this login is abandoned.
        takeUntil(events$.pipe(ofType('FARCASTER_LOGIN_ABANDONED'))),
      )
      return concat(of(show), login)
    }),
  )
