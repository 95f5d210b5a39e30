/**
 * Effects whose code is a chunk of its own, fetched when first needed rather than with the page
 * (issue 11: the first load holds what must listen from the start, nothing more). A tiny trigger
 * stands in for them: it watches the events, and at the first one that needs the real effects it
 * imports them and hands them that event and every one after it.
 */
import { BehaviorSubject, distinctUntilChanged, Observable } from 'rxjs'
import type { Command, Effect } from './module'
import type { AirlockEvent, RootState } from './registry'
import type { Deps } from './deps'
import { createHub, type Hub } from './hub'

export interface LazyEffects<Chunk, D extends Deps = Deps> {
  /** What the chunk holds, for the log line of a failed load: `Airlock: the ${what} code failed to load`. */
  readonly what: string
  /** Whether `event` (with the state it made, if the state stream has emitted) means the effects are needed now. */
  readonly needs: (event: AirlockEvent, state: RootState | undefined) => boolean
  /** Fetch the chunk. */
  readonly load: () => Promise<Chunk>
  /** The effects the chunk holds; `before` is every event that passed before the trigger. */
  readonly effect: (chunk: Chunk, before: readonly AirlockEvent[]) => Effect<D>
  /** What a failed load means for the events that were waiting for it. */
  readonly failure?: (events: readonly AirlockEvent[], error: unknown) => readonly (AirlockEvent | Command)[]
  /**
   * While nothing is loaded, what an event that does not need the chunk answers (the effects'
   * own answer when the answer needs none of their code: a switch with no wallet to ask).
   */
  readonly idle?: (event: AirlockEvent, state: RootState) => Observable<AirlockEvent | Command> | undefined
  /** Whether to remember `event` while idle, for `effect`'s `before` (default: none is kept). */
  readonly keep?: (event: AirlockEvent) => boolean
}

/**
 * The trigger. `events$` does not replay, so the events that pass while the chunk loads are queued
 * and handed over in order before the live ones, each with the state it produced: the effects'
 * `state$` is the trigger's own, moved to an event's state just before that event (DESIGN "Events":
 * an effect reads the state after its trigger was reduced, never a later one), then following the
 * kernel's once the queue is drained. Events the effects cause while the queue drains are queued
 * behind it, so none is lost or reordered. A failed load fails what asked for it and the next need
 * tries again.
 *
 * ```ts
 * effects: { walletConnect: lazyEffects({ what: 'WalletConnect', needs, load: () => import('./effects'), effect: (chunk) => chunk.walletConnectEffects(runtime) }) }
 * ```
 */
export const lazyEffects =
  <Chunk, D extends Deps = Deps>(spec: LazyEffects<Chunk, D>): Effect<D> =>
  (events$, state$, deps) =>
    new Observable<AirlockEvent | Command>((subscriber) => {
      /** Events waiting for the chunk (or for the queue ahead of them to drain), with the state each made; null when idle or live. */
      let queue: [AirlockEvent, RootState][] | null = null
      let hub: Hub | null = null
      /** The effects' state: an event's own while the queue drains, the kernel's once live. */
      let shown: BehaviorSubject<RootState> | null = null
      const before: AirlockEvent[] = []
      let state: RootState | undefined
      /** What the effects, or an idle answer, emit or fail with goes on to the kernel. */
      const forward = { next: (item: AirlockEvent | Command) => subscriber.next(item), error: (error: unknown) => subscriber.error(error) }
      // The kernel's state$ replays the current state and emits before events$ does: `state` is
      // the state each event made when it is seen.
      const states = state$.subscribe((next) => {
        state = next
        if (!queue) shown?.next(next)
      })

      const start = (waiting: [AirlockEvent, RootState][]): void => {
        spec.load().then(
          (chunk) => {
            if (subscriber.closed) return
            const live = (hub = createHub())
            shown = new BehaviorSubject(waiting[0]![1])
            subscriber.add(spec.effect(chunk, before)(live.events$, shown.pipe(distinctUntilChanged()), deps).subscribe(forward))
            for (let next = waiting.shift(); next; next = waiting.shift()) {
              shown.next(next[1])
              live.next(next[0])
            }
            queue = null
            shown.next(state as RootState)
          },
          (error: unknown) => {
            deps.logger.error(`Airlock: the ${spec.what} code failed to load`, error)
            queue = null
            const failed = spec.failure?.(
              waiting.map(([event]) => event),
              error,
            )
            for (const event of failed ?? []) subscriber.next(event)
          },
        )
      }

      const upstream = events$.subscribe((event) => {
        if (queue) queue.push([event, state as RootState])
        else if (hub) hub.next(event)
        else if (spec.needs(event, state)) {
          queue = [[event, state as RootState]]
          start(queue)
        } else {
          if (spec.keep?.(event)) before.push(event)
          const answer = state === undefined ? undefined : spec.idle?.(event, state)
          if (answer) subscriber.add(answer.subscribe(forward))
        }
      })
      upstream.add(states)
      return upstream
    })
