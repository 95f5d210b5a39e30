/** RxJS operators over the event stream. */
import { filter, type OperatorFunction } from 'rxjs'
import type { AirlockEvent, EventOf, EventType } from './registry'

/**
 * Keep the events of the given types, narrowed for the compiler.
 *
 * ```ts
 * events$.pipe(ofType('MODAL_OPEN', 'MODAL_CLOSE'))
 * ```
 */
export function ofType<K extends EventType>(...types: readonly K[]): OperatorFunction<AirlockEvent, EventOf<K>> {
  const wanted = new Set<string>(types)
  return filter((event): event is EventOf<K> => wanted.has(event.type))
}
