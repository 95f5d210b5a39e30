/**
 * The one shape of every module, core or plugin: a state slice, a pure reducer and named effects.
 */
import type { Draft } from 'immer'
import type { Observable } from 'rxjs'
import type { Mixed } from 'io-ts'
import type { AirlockEvent, RootState } from './registry'
import type { Deps } from './deps'

/**
 * An effect: from the event stream, the state stream and the injected dependencies to a stream
 * of new events. Catch errors inside inner streams; an error that escapes is reported as a
 * MODULE_ERROR tagged with the module id and `effect:<name>`, and the effect is resubscribed.
 */
export type Effect<D extends Deps = Deps> = (
  events$: Observable<AirlockEvent>,
  state$: Observable<RootState>,
  deps: D,
) => Observable<AirlockEvent>

/**
 * A reducer: mutates an Immer draft of its own slice. `root` is the whole state as it was before
 * this event, for reading other slices through their selectors. It must be pure.
 */
export type Reducer<S> = (draft: Draft<S>, event: AirlockEvent, root: RootState) => void | S

export interface Module<S> {
  /** The module id, which is also the key of its slice in the root state. */
  readonly id: string
  readonly initialState: S
  /** The reducer (see `Reducer`). Declared as a method so any module fits `Module<unknown>`. */
  reduce?(draft: Draft<S>, event: AirlockEvent, root: RootState): void | S
  /** Effects by name; the name tags errors. */
  readonly effects?: Readonly<Record<string, Effect>>
  /** Codecs of the events this module adds to the catalogue, by event type. */
  readonly events?: Readonly<Record<string, Mixed>>
  /** Which of its events are public analytics events. */
  readonly publicEvents?: readonly string[]
}

/**
 * Any module, its slice type erased: what the kernel and the plugin host hold. Every `Module<S>`
 * fits (method parameters are compared bivariantly).
 */
export interface AnyModule {
  readonly id: string
  readonly initialState: unknown
  reduce?(draft: unknown, event: AirlockEvent, root: RootState): unknown
  readonly effects?: Readonly<Record<string, Effect>>
  readonly events?: Readonly<Record<string, Mixed>>
  readonly publicEvents?: readonly string[]
}

/**
 * Declare a module. An identity function that fixes the slice type for the compiler.
 *
 * ```ts
 * export default defineModule({
 *   id: 'counter',
 *   initialState: { count: 0 },
 *   reduce(draft, event) { if (event.type === 'COUNTER_INCREMENTED') draft.count += 1 },
 * })
 * ```
 */
export function defineModule<S>(module: Module<S>): Module<S> {
  return module
}
