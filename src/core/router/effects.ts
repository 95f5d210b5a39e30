/**
 * Router effects: the analytics MODAL_CLOSE for every way the modal closes, and the opening on an
 * unsafe request. The public events are emitted as commands, so their
 * `connected` is read from the state at their turn in the queue, after every event before them.
 */
import { defer, tap, type Observable } from 'rxjs'
import { eventsWithState } from '../../kernel/operators'
import type { Command, Effect } from '../../kernel/module'
import type { AirlockEvent } from '../../kernel/registry'
import { createEvent } from '../../kernel/registry'
import type { RouterState } from './state'

/**
 * Each event with the router slice before and after it, through `project` (undefined is dropped).
 * state$ emits before events$, so the latest state is the one after the event; the one before is
 * what we saw last time. One subscriber on each stream, nothing allocated per event
 * (`eventsWithState`): every event passes here (issue 27 §1).
 */
function routerTransitions<T>(
  events$: Observable<AirlockEvent>,
  state$: Observable<{ router: RouterState }>,
  project: (event: AirlockEvent, before: RouterState, after: RouterState) => T | undefined,
): Observable<T> {
  return defer(() => {
    let previous: RouterState | undefined
    // The first state seen (on subscribing) is the one before the first event.
    return eventsWithState(events$, state$.pipe(tap((state) => (previous ??= state.router))), (event, state) => {
      const before = previous ?? state.router
      previous = state.router
      return project(event, before, state.router)
    })
  })
}

/**
 * The MODAL_CLOSE that tells analytics of a closing the reducer did: it finds the modal closed,
 * so it changes nothing (and the log replays to the same state). Nothing if the modal has been
 * opened again meanwhile: this MODAL_CLOSE would close it.
 */
const announceClose: Command = (root) => (root.router.open ? [] : [createEvent('MODAL_CLOSE', { connected: root.router.connected })])

/**
 * However the modal closes — back from the first view, back-or-close, a settled transaction, a
 * failed switch — analytics sees exactly one MODAL_CLOSE. A MODAL_CLOSE that closed it is
 * already that one; the one emitted here finds the modal closed, so replaying the log gives the
 * same state.
 *
 * ```ts
 * // open on the first view; ROUTER_BACK → (reducer closes) → MODAL_CLOSE { connected: false }
 * ```
 */
export const closeEventOnClose: Effect = (events$, state$) =>
  routerTransitions(events$, state$, (event, before, after): Command | undefined =>
    before.open && !after.open && event.type !== 'MODAL_CLOSE' ? announceClose : undefined,
  )

/**
 * SPEC §2: the modal opens on an unsafe embedded-wallet request. A transaction pushed while the
 * modal is closed opens it on the pushed view through a public MODAL_OPEN, so analytics sees the
 * opening as it sees the closing.
 *
 * ```ts
 * // closed; TRANSACTION_STACK_PUSHED { id, view: 'ApproveTransaction' } → MODAL_OPEN { connected, view: 'ApproveTransaction' }
 * ```
 */
export const openOnRequest: Effect = (events$, state$) =>
  routerTransitions(events$, state$, (event, before, after): Command | undefined => {
    if (event.type !== 'TRANSACTION_STACK_PUSHED' || after.open || before.transactionStack === after.transactionStack) return undefined
    const { id, view } = event.payload
    // At its turn: still closed, and the request still pending (not settled meanwhile).
    return (root) =>
      !root.router.open && root.router.transactionStack.some((entry) => entry.id === id)
        ? [createEvent('MODAL_OPEN', { connected: root.router.connected, view })]
        : []
  })
