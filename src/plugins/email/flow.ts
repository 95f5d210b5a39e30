/**
 * The email sign-in and email change (SPEC §4, §5), through the `embedded` port:
 * - a code request is refused within 30 s of the last one ("Please try again after N seconds",
 *   N the seconds left, rounded up); otherwise it is triggered (its time stored) and sent;
 * - the frame answers VERIFY_DEVICE (a new device: approve it through the emailed link, then the
 *   code comes) or VERIFY_OTP, and the code entry view follows; or CONNECT (it holds this email's
 *   session already), and the visitor is signed in at once, as after the code;
 * - the code signs in: EMAIL_LOGIN_SUCCEEDED (the email and used flag stored) and
 *   EMBEDDED_LOGIN_SUCCEEDED, on which the embedded wallet connects;
 * - an email change: the current address's code (VERIFY_PRIMARY_OTP), then the new address's
 *   (VERIFY_SECONDARY_OTP), then the new email is stored.
 * A failure is shown where the visitor is; the frame's own failures raise their alerts through
 * the port (see the embedded-wallet plugin).
 */
import { concat, defer, EMPTY, from, merge, mergeMap, of, switchMap, exhaustMap, catchError, takeUntil, withLatestFrom, type Observable } from 'rxjs'
import { FRAME_CHAIN_NAMESPACE } from '../../embedded/namespaces'
import { Email, Otp, WALLET_RECOVERY_NEEDED } from '../../embedded/protocol'
import { type Command, type Effect, ofType, createEvent, type AirlockEvent, type RootState } from 'airlock/plugin'
import type { PortDeps } from 'airlock/plugin'
import { pushView, replaceView } from 'airlock/plugin'

/** SPEC §9 "Email login cool-down". */
export const EMAIL_COOL_DOWN_MS = 30_000

/** SPEC §5's refusal within the cool-down, or null when a login may be triggered now. */
export function coolDownMessage(lastLoginAt: number | null, now: number): string | null {
  if (lastLoginAt === null) return null
  const left = EMAIL_COOL_DOWN_MS - (now - lastLoginAt)
  return left > 0 ? `Please try again after ${Math.ceil(left / 1000)} seconds` : null
}

/** What the effect says of input the view should not have let through (its own checks come first). */
export const INVALID_EMAIL = 'Enter a valid email address'
export const INVALID_CODE = 'Enter the 6-digit code'

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** Show `view` on top, or in place of one of the email flow's own views (a resend stays one level deep). */
const FLOW_VIEWS = new Set(['EmailVerifyDevice', 'EmailVerifyOtp'])
const showView =
  (view: string): Command =>
  (root: RootState) => {
    const current = root.router.history[root.router.history.length - 1]?.view
    if (current === view) return []
    return current !== undefined && FLOW_VIEWS.has(current) ? replaceView(root, view) : pushView(root, view)
  }

/** The visitor left the sign-in (the `cancel` command): what it still waits for is dropped. */
const cancelled = (events$: Observable<AirlockEvent>) => events$.pipe(ofType('EMAIL_SIGN_IN_CANCELLED'))

/** A login that succeeded (the code entered, or the frame's CONNECT): SPEC §4's stores, then the embedded wallet connects. */
const signedIn = (email: string, connectorId: string): AirlockEvent[] => [
  createEvent('EMAIL_LOGIN_SUCCEEDED', { email }),
  createEvent('EMBEDDED_LOGIN_SUCCEEDED', { provider: 'email', identifier: email }),
  // The frame has the session: the embedded wallet connects (its connector is the port's).
  createEvent('CONNECT_REQUESTED', { connectorId }),
]

export const requestCode: Effect<PortDeps> = (events$, state$, { embedded, clock }) =>
  events$.pipe(
    ofType('EMAIL_SUBMITTED'),
    withLatestFrom(state$),
    switchMap(([event, state]): Observable<AirlockEvent | Command> => {
      const { email } = event.payload
      const now = clock.now()
      // SPEC §5: email fields in frame messages must be valid emails (the view says so first).
      if (!Email.is(email)) return of(createEvent('EMAIL_LOGIN_FAILED', { message: INVALID_EMAIL }))
      const refused = coolDownMessage(state.email?.lastLoginAt ?? null, now)
      if (refused !== null) return of(createEvent('EMAIL_LOGIN_FAILED', { message: refused }))
      const ask = defer(() => embedded.request('CONNECT_EMAIL', { email })).pipe(
        mergeMap(({ action }) => {
          // SPEC §4 CONNECT: the frame holds this email's session already: connected at once.
          if (action === 'CONNECT') return from<AirlockEvent[]>(signedIn(email, embedded.connectorId))
          const requested = createEvent('EMAIL_CODE_REQUESTED', { email, action })
          if (action === 'VERIFY_OTP') return from<(AirlockEvent | Command)[]>([requested, showView('EmailVerifyOtp')])
          // A new device: the visitor approves it through the emailed link; then the code comes.
          const approved = defer(() => embedded.request('CONNECT_DEVICE', {})).pipe(
            mergeMap(() => from<(AirlockEvent | Command)[]>([createEvent('EMAIL_DEVICE_APPROVED', {}), showView('EmailVerifyOtp')])),
          )
          return concat(from<(AirlockEvent | Command)[]>([requested, showView('EmailVerifyDevice')]), approved)
        }),
        catchError((error: unknown) => of(createEvent('EMAIL_LOGIN_FAILED', { message: messageOf(error) }))),
        takeUntil(cancelled(events$)),
      )
      return concat(of(createEvent('EMAIL_LOGIN_TRIGGERED', { at: now })), ask)
    }),
  )

export const verifyCode: Effect<PortDeps> = (events$, state$, { embedded }) =>
  events$.pipe(
    ofType('EMAIL_OTP_SUBMITTED'),
    withLatestFrom(state$),
    exhaustMap(([event, state]) => {
      const email = state.email?.flow.email ?? null
      const { otp } = event.payload
      if (email === null) return EMPTY
      if (!Otp.is(otp)) return of(createEvent('EMAIL_LOGIN_FAILED', { message: INVALID_CODE }))
      return defer(() => embedded.request('CONNECT_OTP', { otp })).pipe(
        mergeMap(() => from<AirlockEvent[]>(signedIn(email, embedded.connectorId))),
        catchError((error: unknown) =>
          messageOf(error) === WALLET_RECOVERY_NEEDED
            ? // Signed in on a new device: the wallet opens with the recovery code, typed in the frame.
              of(createEvent('EMAIL_LOGIN_SUCCEEDED', { email }), createEvent('EMBEDDED_RECOVERY_NEEDED', {}))
            : of(createEvent('EMAIL_LOGIN_FAILED', { message: messageOf(error) })),
        ),
        takeUntil(cancelled(events$)),
      )
    }),
  )

export const updateEmail: Effect<PortDeps> = (events$, state$, { embedded }) =>
  merge(
    events$.pipe(
      ofType('EMAIL_UPDATE_SUBMITTED'),
      switchMap((event) => {
        const { email } = event.payload
        if (!Email.is(email)) return of(createEvent('EMAIL_UPDATE_FAILED', { message: INVALID_EMAIL }))
        return defer(() => embedded.request('UPDATE_EMAIL', { email })).pipe(
          mergeMap(({ action }) => from<(AirlockEvent | Command)[]>([createEvent('EMAIL_UPDATE_STEP', { step: action }), showView('UpdateEmailOtp')])),
          catchError((error: unknown) => of(createEvent('EMAIL_UPDATE_FAILED', { message: messageOf(error) }))),
        )
      }),
    ),
    events$.pipe(
      ofType('EMAIL_UPDATE_OTP_SUBMITTED'),
      withLatestFrom(state$),
      exhaustMap(([event, state]) => {
        const { otp } = event.payload
        const step = state.email?.update.step
        if (!Otp.is(otp)) return of(createEvent('EMAIL_UPDATE_FAILED', { message: INVALID_CODE }))
        if (step === 'primary') {
          return defer(() => embedded.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })).pipe(
            mergeMap(({ action }) => of(createEvent('EMAIL_UPDATE_STEP', { step: action }))),
            catchError((error: unknown) => of(createEvent('EMAIL_UPDATE_FAILED', { message: messageOf(error) }))),
          )
        }
        if (step === 'secondary') {
          return defer(() => embedded.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })).pipe(
            mergeMap(({ newEmail }) => {
              const updated: AirlockEvent[] = [createEvent('EMAIL_UPDATED', { email: newEmail })]
              // The Account view shows the new address (SPEC §3 auth wallet info).
              const info: Command = (root) =>
                root.connectors.activeConnectorIds[FRAME_CHAIN_NAMESPACE] === embedded.connectorId
                  ? [createEvent('ACCOUNT_IDENTITY_RESOLVED', { namespace: FRAME_CHAIN_NAMESPACE, identifier: newEmail, social: 'email' })]
                  : []
              return from<(AirlockEvent | Command)[]>([...updated, info])
            }),
            catchError((error: unknown) => of(createEvent('EMAIL_UPDATE_FAILED', { message: messageOf(error) }))),
          )
        }
        return EMPTY
      }),
    ),
  )
