/**
 * SPEC §2, §9 "Farcaster reload delay": going back from ConnectingFarcaster while not connected
 * abandons the Farcaster login (its link is cleared) and reloads the auth provider 100 ms later. A
 * back that closes the modal from that view counts too. The socials plugin's rule: the core's
 * router knows nothing of Farcaster.
 */
import { concat, defer, EMPTY, map, mergeMap, of, tap, timer, withLatestFrom } from 'rxjs'
import type { AirlockEvent, Effect, PortDeps, RootState } from 'airlock/plugin'
import { createEvent, selectView } from 'airlock/plugin'

/** SPEC §9: the delay before the auth provider reloads after leaving ConnectingFarcaster. */
export const FARCASTER_RELOAD_DELAY_MS = 100

/** Whether an event is a going back (SPEC §2; §4: a failed switch, a failed or cancelled request). */
function isBack(event: AirlockEvent): boolean {
  switch (event.type) {
    case 'ROUTER_BACK':
    case 'ROUTER_BACK_OR_CLOSE':
    case 'ROUTER_BACK_TO_INDEX':
    case 'NETWORK_SWITCH_FAILED':
      return true
    case 'TRANSACTION_STACK_SETTLED':
      return event.payload.outcome !== 'success'
    default:
      return false
  }
}

/**
 * ```ts
 * // ROUTER_BACK on ConnectingFarcaster → FARCASTER_LOGIN_ABANDONED, +100 ms AUTH_PROVIDER_RELOAD_REQUESTED
 * ```
 */
export const farcasterBack: Effect<PortDeps> = (events$, state$, deps) =>
  defer(() => {
    // state$ emits before events$: the latest state is the one after the event, the one before is the last seen.
    let previous: RootState | undefined
    return events$.pipe(
      withLatestFrom(state$.pipe(tap((state) => (previous ??= state)))),
      mergeMap(([event, after]) => {
        const before = previous ?? after
        previous = after
        // The router changes on a back only when it acted on it (not ignored).
        const wentBack = isBack(event) && (before.router.history !== after.router.history || before.router.open !== after.router.open)
        if (!wentBack || selectView(before) !== 'ConnectingFarcaster' || before.router.connected) return EMPTY
        return concat(
          of(createEvent('FARCASTER_LOGIN_ABANDONED', {})),
          timer(FARCASTER_RELOAD_DELAY_MS, deps.scheduler).pipe(map(() => createEvent('AUTH_PROVIDER_RELOAD_REQUESTED', {}))),
        )
      }),
    )
  })
