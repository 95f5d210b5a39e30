/** RxJS operators over the event stream. */
import { filter, Observable, type OperatorFunction } from 'rxjs'
import type { AirlockEvent, EventOf, EventType } from './registry'
import type { HubStream } from './hub'

/**
 * Keep the events of the given types, narrowed for the compiler.
 *
 * ```ts
 * events$.pipe(ofType('MODAL_OPEN', 'MODAL_CLOSE'))
 * ```
 */
export function ofType<K extends EventType>(...types: readonly K[]): OperatorFunction<AirlockEvent, EventOf<K>> {
  const wanted = new Set<string>(types)
  // The kernel's stream hands these types alone to this subscriber (./hub): no filter per event.
  return (source) =>
    ((source as Partial<HubStream>).only?.(wanted) as Observable<EventOf<K>> | undefined) ??
    source.pipe(filter((event): event is EventOf<K> => wanted.has(event.type)))
}

/**
 * Each event with the state after it (the kernel's state$ emits before events$), through
 * `project`; what it returns is emitted, undefined is dropped. What `withLatestFrom(state$)`, `map`
 * and `filter` give, with one subscriber on each stream and no array per event: for effects that
 * look at every event (issue 27 §1). Events before the first state are dropped, as
 * `withLatestFrom` drops them; a throwing `project` errors the stream, as an operator's would.
 *
 * ```ts
 * eventsWithState(events$, state$, (event, state) => (state.router.open ? event : undefined))
 * ```
 */
export function eventsWithState<S, T>(
  events$: Observable<AirlockEvent>,
  state$: Observable<S>,
  project: (event: AirlockEvent, state: S) => T | undefined,
): Observable<T> {
  return new Observable<T>((subscriber) => {
    let state: S | undefined
    let ready = false
    const subscription = state$.subscribe({
      next: (value) => {
        state = value
        ready = true
      },
      error: (error: unknown) => subscriber.error(error),
    })
    subscription.add(
      events$.subscribe({
        next: (event) => {
          if (!ready) return
          let out: T | undefined
          try {
            out = project(event, state as S)
          } catch (error) {
            subscriber.error(error)
            return
          }
          if (out !== undefined) subscriber.next(out)
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      }),
    )
    return subscription
  })
}
