/**
 * The kernel's event stream (issue 27 §1): what an RxJS Subject gives its subscribers, with two
 * savings on the path every event takes. Each event goes straight to the subscribers, in the order
 * they subscribed (no closure, iterator or filter of a Subject's `next`), and a subscriber made by
 * `ofType` (./operators) is handed only the types it asked for: most effects wait for one or two
 * types, so most events skip them instead of passing through their filters.
 */
import { Observable, type Subscriber } from 'rxjs'
import type { AirlockEvent } from './registry'

/** The stream a hub hands out: every event, and `only(types)`, the events of those types. */
export interface HubStream<T = AirlockEvent> extends Observable<T> {
  only(types: ReadonlySet<string>): Observable<T>
}

/** A hub of events, or of other values (the kernel's states), which no subscriber takes by type. */
export interface Hub<T = AirlockEvent> {
  readonly events$: HubStream<T>
  /** Hand `event` to the subscribers that take its type, in subscription order. */
  next(event: T): void
  /** Complete every subscriber. */
  complete(): void
}

/**
 * A hub. A subscriber that arrives during an event gets the next one, and one that leaves during
 * an event is closed already, as with a Subject.
 *
 * ```ts
 * const hub = createHub()
 * hub.events$.only(new Set(['MODAL_OPEN'])).subscribe(open)
 * hub.next(createEvent('MODAL_OPEN', { connected: false }))
 * ```
 */
export function createHub<T = AirlockEvent>(): Hub<T> {
  // Each subscriber with the types it takes (none: every type). Replaced, never changed in place,
  // so an event goes to the subscribers there when it came.
  let entries: [Subscriber<T>, ReadonlySet<string>?][] = []
  const listen = (types?: ReadonlySet<string>): Observable<T> =>
    new Observable((subscriber) => {
      const entry = [subscriber, types] as (typeof entries)[number]
      entries = [...entries, entry]
      return () => (entries = entries.filter((e) => e !== entry))
    })
  return {
    events$: Object.assign(listen(), { only: listen }),
    next(event) {
      for (const [subscriber, types] of entries) if (!types || types.has((event as AirlockEvent).type)) subscriber.next(event)
    },
    complete() {
      for (const [subscriber] of entries) subscriber.complete()
    },
  }
}
