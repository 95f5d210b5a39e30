/** Router effects: the analytics MODAL_CLOSE for every way the modal closes, and the Farcaster rule. */
import { EMPTY, concat, defer, map, mergeMap, of, timer, withLatestFrom, type Observable } from 'rxjs'
import type { Effect } from '../../kernel/module'
import type { AirlockEvent } from '../../kernel/registry'
import { createEvent } from '../../kernel/registry'
import type { RouterState } from './state'
import { currentView } from './rules'
import { FARCASTER_RELOAD_DELAY_MS, View } from './views'

/**
 * Pair each event with the router slice before and after it. state$ emits before events$, so the
 * latest state is the one after the event; the one before is what we saw last time.
 */
function withRouterTransition(events$: Observable<AirlockEvent>, state$: Observable<{ router: RouterState }>) {
  return defer(() => {
    let previous: RouterState | undefined
    return events$.pipe(
      withLatestFrom(state$),
      map(([event, state]) => {
        const before = previous ?? state.router
        previous = state.router
        return { event, before, after: state.router }
      }),
    )
  })
}

/**
 * However the modal closes — back from the first view, back-or-close, a settled transaction —
 * analytics sees exactly one MODAL_CLOSE. A MODAL_CLOSE that closed it is already that one.
 */
export const closeEventOnClose: Effect = (events$, state$) =>
  withRouterTransition(events$, state$).pipe(
    mergeMap(({ event, before, after }) =>
      before.open && !after.open && event.type !== 'MODAL_CLOSE' ? of(createEvent('MODAL_CLOSE', { connected: after.connected })) : EMPTY,
    ),
  )

/**
 * Going back from ConnectingFarcaster while not connected clears the Farcaster url and reloads
 * the auth provider after 100 ms (SPEC §2).
 */
export const farcasterBack: Effect = (events$, state$, deps) =>
  withRouterTransition(events$, state$).pipe(
    mergeMap(({ event, before, after }) => {
      const leftFarcaster = currentView(before) === View.ConnectingFarcaster && currentView(after) !== View.ConnectingFarcaster
      const wasBack = event.type === 'ROUTER_BACK' || event.type === 'ROUTER_BACK_OR_CLOSE' || event.type === 'ROUTER_BACK_TO_INDEX'
      if (!wasBack || !leftFarcaster || after.connected) return EMPTY
      return concat(
        of(createEvent('ACCOUNT_SET', { namespace: 'eip155', fields: { farcasterUrl: null } })),
        timer(FARCASTER_RELOAD_DELAY_MS, deps.scheduler).pipe(map(() => createEvent('AUTH_PROVIDER_RELOAD_REQUESTED', {}))),
      )
    }),
  )
