/**
 * The recovery code, through the frame (docs/features/embedded-wallet.md "Who holds what"): the page never sees it.
 * - A sign-in on a new device (EMBEDDED_RECOVERY_NEEDED, the frame's WALLET_RECOVERY_NEEDED) opens
 *   RecoverWallet, which hosts the frame's own form: once the code typed there opened the wallet,
 *   who is signed in (GET_USER) and the connection follow, as after any sign-in.
 * - RecoveryCode (Wallet settings) hosts the frame's view of the code; its Done goes back.
 * Both views are a slot the frame host places the frame over (FRAME_SLOT_EVENT), as
 * ApproveTransaction is; leaving one cancels its request.
 * A chunk of its own (./index.ts loads it at the first recovery event): most visitors never recover.
 */
import { defer, EMPTY, from, ignoreElements, map, merge, mergeMap, of, switchMap, tap, catchError, withLatestFrom } from 'rxjs'
import { FRAME_CHAIN_NAMESPACE } from '../../embedded/namespaces'
import { type Command, type Effect, ofType, createEvent, type AirlockEvent } from 'airlock/plugin'
import type { PortDeps } from 'airlock/plugin'
import { goBack, openModal, pushView, namespaceNetwork } from 'airlock/plugin'
import { preferredEvmAccountType } from './effects'

export const RECOVER_VIEW = 'RecoverWallet'
export const RECOVERY_CODE_VIEW = 'RecoveryCode'

const messageOf = (error: unknown): string => {
  if (typeof error === 'object' && error !== null) {
    const { details, message } = error as { details?: unknown; message?: unknown }
    if (typeof details === 'string' && details !== '') return details
    if (typeof message === 'string') return message
  }
  return String(error)
}

/** A sign-in whose wallet this device cannot open yet: the modal asks for the recovery code. */
export const recoveryNeeded: Effect<PortDeps> = (events$) =>
  events$.pipe(
    ofType('EMBEDDED_RECOVERY_NEEDED'),
    map((): Command => (root) => (root.router.open ? pushView(root, RECOVER_VIEW) : openModal(root, { view: RECOVER_VIEW }))),
  )

/** A recovery view's request to the frame, and what follows its answer. */
export const recovery: Effect<PortDeps> = (events$, state$, { embedded }) =>
  events$.pipe(
    ofType('EMBEDDED_RECOVERY_STARTED'),
    withLatestFrom(state$),
    switchMap(([event, state]) => {
      const failed = (error: unknown) => of(createEvent('EMBEDDED_RECOVERY_ENDED', { error: messageOf(error) }))
      if (event.payload.mode === 'show') {
        return defer(() => embedded.request('SHOW_RECOVERY_CODE', {})).pipe(
          mergeMap(() => from<(AirlockEvent | Command)[]>([createEvent('EMBEDDED_RECOVERY_ENDED', { error: null }), (root) => goBack(root)])),
          catchError(failed),
        )
      }
      const network = namespaceNetwork(state, FRAME_CHAIN_NAMESPACE)
      const chainId = Number(network?.caipNetworkId.split(':')[1] ?? 1)
      return defer(() => embedded.request('RECOVER_WALLET', {})).pipe(
        mergeMap(() => embedded.request('GET_USER', { chainId, preferredAccountType: preferredEvmAccountType(state) })),
        mergeMap((user) =>
          from<AirlockEvent[]>([
            createEvent('EMBEDDED_RECOVERY_ENDED', { error: null }),
            createEvent('EMBEDDED_LOGIN_SUCCEEDED', {
              provider: user.provider,
              identifier: user.provider === 'email' ? user.email : (user.userName ?? user.email),
            }),
            // The frame has the wallet now: the embedded wallet connects.
            createEvent('CONNECT_REQUESTED', { connectorId: embedded.connectorId }),
          ]),
        ),
        catchError(failed),
      )
    }),
  )

/** Leaving a recovery view cancels its request in the frame (nothing else waits there meanwhile). */
export const recoveryLeft: Effect<PortDeps> = (events$, _state$, { embedded }) =>
  events$.pipe(
    ofType('EMBEDDED_RECOVERY_LEFT'),
    tap(() => embedded.rejectAll()),
    ignoreElements(),
    catchError(() => EMPTY),
  )

/** The three, as the chunk ./index.ts loads at the first recovery event. */
export const recoveryEffects: Effect<PortDeps> = (events$, state$, deps) =>
  merge(recoveryNeeded(events$, state$, deps), recovery(events$, state$, deps), recoveryLeft(events$, state$, deps))
