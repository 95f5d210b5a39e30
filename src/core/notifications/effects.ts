/** Effects of the notifications module: the SPEC §2 close-then-reopen sequence and auto-close. */
import { EMPTY, concat, defer, map, of, switchMap, take, takeUntil, tap, timer, withLatestFrom, type Observable } from 'rxjs'
import type { Effect } from '../../kernel/module'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { ofType } from '../../kernel/operators'
import { NOTIFICATION_AUTO_CLOSE_MS, NOTIFICATION_REOPEN_DELAY_MS } from './limits'

/**
 * SPEC §2: a NOTIFICATION_REQUESTED shows its banner at once when none is open; when one is open
 * it closes now (NOTIFICATION_CLOSED) and the new one opens 150 ms later (NOTIFICATION_SHOWN). A
 * newer request cancels an older one still waiting (switchMap), and waits its own 150 ms. Ids
 * increase: each shown banner gets the slice's last id plus one. Success and error banners close
 * themselves after 3 s; a loading banner stays until replaced or closed. All timers run on
 * `deps.scheduler`.
 *
 * ```ts
 * // open banner; NOTIFICATION_REQUESTED { variant: 'success', message: 'Copied' }
 * // → NOTIFICATION_CLOSED, then after 150 ms NOTIFICATION_SHOWN { id: 2, … }, after 3 s more NOTIFICATION_CLOSED
 * ```
 */
export const showNotifications: Effect = (events$, state$, deps) =>
  defer(() => {
    // True between a close this effect made and the reopen it waits for: a newer request in that
    // window must wait too, though the slice already says closed.
    let reopening = false
    return events$.pipe(
      ofType('NOTIFICATION_REQUESTED'),
      withLatestFrom(state$),
      switchMap(([{ payload }, state]): Observable<AirlockEvent> => {
        const slice = state.notifications
        const shown = createEvent('NOTIFICATION_SHOWN', { id: slice.id + 1, ...payload })
        const wait = slice.open || reopening
        const show$: Observable<AirlockEvent> = wait
          ? concat(
              slice.open ? of(createEvent('NOTIFICATION_CLOSED', {})) : EMPTY,
              defer(() => {
                reopening = true
                return timer(NOTIFICATION_REOPEN_DELAY_MS, deps.scheduler)
              }).pipe(
                tap(() => (reopening = false)),
                map(() => shown),
              ),
            )
          : of(shown)
        const autoClose$: Observable<AirlockEvent> =
          payload.variant === 'loading'
            ? EMPTY
            : timer(NOTIFICATION_AUTO_CLOSE_MS, deps.scheduler).pipe(
                map(() => createEvent('NOTIFICATION_CLOSED', {})),
                // Closed by hand already: nothing left to close.
                takeUntil(events$.pipe(ofType('NOTIFICATION_CLOSED'), take(1))),
              )
        return concat(show$, autoClose$)
      }),
    )
  })
