/**
 * The sign-in flow's effects (SPEC §4 "Sign-in flow (SIWX)"):
 *
 * - `askOnConnect`: each time the account to sign in changes (a connect, a restore after a reload,
 *   another account or network), ask the site for the sessions this browser's credential holds
 *   (`getSessions`, SPEC §3 as src/ports/siwx.ts reads it); one that is live for this account and
 *   network means signed in (SIWX_SESSION_CHANGED), none — no credential, or a credential for
 *   another account or network — opens SIWXSignMessage. Connecting a wallet that claims an
 *   address signs nobody in: only the browser that signed holds the credential. An account the
 *   wallet signed in while connecting (one-click sign-in: SIWX_SIGNED_ON_CONNECT before the
 *   account) is signed in with that signature (SIWX_SIGN_REQUESTED, ./signIn.ts), no view shown.
 * - Sign: ./signIn.ts, a chunk loaded at the first Sign.
 * - `closeOnSuccess`: the modal closes once signed in.
 * - `revokeOnDisconnect`: a disconnect revokes the account's session at the site (best effort).
 *
 * Every call to the site or the wallet is asynchronous, so a plugin loaded late acts as an eager
 * one would (the late-loaded plugin property).
 */
import { EMPTY, catchError, distinctUntilChanged, filter, from, ignoreElements, map, mergeMap, of, switchMap, withLatestFrom } from 'rxjs'
import {
  type Command,
  type Effect,
  ofType,
  createEvent,
  type RootState,
  AirlockError,
  isRight,
  closeModal,
  openModal,
  selectView,
  type PortDeps,
  SiwxSessions,
  type SiwxSession,
} from 'airlock/plugin'
import { signInAccount, signInTarget, type SignInTarget } from './target'

export const SIWX_VIEW = 'SIWXSignMessage'

/** A call to the site, always answered in a later turn (even a port that throws at once), never within the event that asked. */
export const later = <T>(call: () => Promise<T>) => from(Promise.resolve().then(call))

/** Open the modal on SIWXSignMessage, unless it is there already. */
export const openSignIn: Command = (state) => (state.router.open && selectView(state) === SIWX_VIEW ? [] : openModal(state, { view: SIWX_VIEW }))

/**
 * The account now active holds its session: SIWXSignMessage, opened for another account (one that
 * joined, made active, then left again: issue 28 §5), has nothing to ask and closes.
 */
export const closeSignIn: Command = (state) => (state.router.open && selectView(state) === SIWX_VIEW ? closeModal(state) : [])

export const sessionChanged =
  (hasSession: boolean): Command =>
  (state) =>
    (state.siwx?.hasSession ?? false) === hasSession ? [] : [createEvent('SIWX_SESSION_CHANGED', { hasSession })]

/** Whether `session` signs in `target` now: its account and network, not expired. */
export function isLiveSession(session: SiwxSession, target: SignInTarget, now: number): boolean {
  const { data } = session
  if (data.accountAddress !== target.address || data.chainId !== target.caipNetworkId) return false
  // The site's own answer: its time is read as a time (an unreadable one is NaN, never live).
  return data.expirationTime === undefined || Date.parse(data.expirationTime) > now
}

/**
 * Whether a `getSessions` answer (the browser's credential's sessions) signs in `target` now.
 * Throws when the answer is not sessions (io-ts): that is not a session either.
 */
export function holdsSession(answer: unknown, target: SignInTarget, now: number): boolean {
  const decoded = SiwxSessions.decode(answer)
  if (!isRight(decoded)) throw new AirlockError("The siwx config's getSessions answered something else")
  return decoded.right.some((session) => isLiveSession(session, target, now))
}

export const askOnConnect: Effect<PortDeps> = (_events$, state$, { siwx, clock, logger }) =>
  state$.pipe(
    map(signInAccount),
    distinctUntilChanged(),
    withLatestFrom(state$),
    switchMap(([account, state]) => {
      const target = account === null ? null : signInTarget(state)
      if (target === null) return EMPTY
      // Signed in the wallet while connecting: the site adds that session; nothing to ask.
      if (state.siwx?.signedOnConnect?.account === account) return of(createEvent('SIWX_SIGN_REQUESTED', {}))
      return later(() => siwx.getSessions(target.caipNetworkId, target.address)).pipe(
        // An answer that is not sessions is not a session: the visitor is asked to sign in.
        mergeMap((answer) => {
          const held = holdsSession(answer, target, clock.now())
          return of<Command[]>(sessionChanged(held), held ? closeSignIn : openSignIn)
        }),
        catchError((error: unknown) => {
          logger.warn(`Airlock: the site's siwx getSessions failed: ${String(error)}`)
          return of(authenticationFailed)
        }),
      )
    }),
  )

/**
 * SPEC §8: the site's sessions could not be read when an account arrived, so sign-in cannot start:
 * "A problem occurred while trying initialize authentication" (SPEC's words), then disconnect and
 * reset to Connect. Leaving the visitor connected but never asked to sign in would let a site that
 * requires sign-in believe a wallet it never verified.
 */
export const authenticationFailed: Command = () => [
  createEvent('NOTIFICATION_REQUESTED', { variant: 'error', key: 'siwx.errors.initialize' }),
  createEvent('DISCONNECT_REQUESTED', { namespace: null }),
  createEvent('ROUTER_RESET', { view: 'Connect' }),
]

/** Close once signed in; a command after the session's event, so the close lock is released by then. */
export const closeOnSuccess: Effect<PortDeps> = (events$) =>
  events$.pipe(
    ofType('SIWX_AUTH_SUCCESS'),
    map((): Command => closeModal),
  )

/**
 * Whether a disconnect of `namespace` (null: every one), of the wallet `connectorId` when named,
 * ends the signed-in `target`'s connection: another namespace, or another of several wallets in
 * it, leaving does not (issue 28 §5: a partial disconnect keeps the sign-in).
 */
export function endsSignIn(state: RootState, target: SignInTarget, namespace: string | null, connectorId: string | undefined): boolean {
  if (namespace === null) return true
  if (namespace !== target.namespace) return false
  if (connectorId === undefined || connectorId === state.connectors.activeConnectorIds[target.namespace]) return true
  // Another wallet the namespace holds leaves alone; a wallet it does not hold disconnects the namespace.
  return !(state.connection.connections[target.namespace] ?? []).some((c) => c.connectorId === connectorId)
}

export const revokeOnDisconnect: Effect<PortDeps> = (events$, state$, { siwx, logger }) =>
  events$.pipe(
    ofType('DISCONNECT_REQUESTED'),
    withLatestFrom(state$),
    filter(([, state]) => state.siwx?.hasSession === true),
    map(([event, state]) => {
      const target = signInTarget(state)
      return target !== null && endsSignIn(state, target, event.payload.namespace, event.payload.connectorId) ? target : null
    }),
    filter((target): target is SignInTarget => target !== null),
    mergeMap((target) =>
      later(() => siwx.revokeSession(target.caipNetworkId, target.address)).pipe(
        ignoreElements(),
        catchError((error: unknown) => {
          logger.warn(`Airlock: the site's siwx revokeSession failed: ${String(error)}`)
          return EMPTY
        }),
      ),
    ),
  )
