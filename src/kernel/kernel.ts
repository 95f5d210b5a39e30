/**
 * The kernel: one event at a time through a queue, an append-only bounded log, modules' folds,
 * and two streams, each an Observable fed by a hub (./hub). For each event the reducers run, then
 * `state$` emits (only if the state changed), then `events$` emits.
 */
import { Observable, Subscription, distinctUntilChanged, map } from 'rxjs'
import type { AirlockEvent, RootState } from './registry'
import type { Deps } from './deps'
import type { AnyModule, Command } from './module'
import { DuplicateModuleError, UnfoldedModuleError } from './errors/plugin'
import { moduleError } from './kernelEvents'
import { createLog, withSlice, withoutSlice, type EventLog } from './log'
import { isolate } from './isolate'
import { freezeSlice, freezing } from './freeze'
import { createHub } from './hub'

export interface KernelOptions {
  readonly modules?: readonly AnyModule[]
  readonly deps: Deps
  /** How many events the log keeps before it folds the oldest into a snapshot. Default 10,000. */
  readonly logLimit?: number
  /**
   * The dependencies one module's effects receive. The composition root uses it to hand each
   * module what is scoped to it (its own storage keys) and the plugin platform's ports (wallet,
   * api, config). Default: `deps` for every module.
   */
  readonly depsFor?: (module: AnyModule, deps: Deps) => Deps
}

export interface Kernel {
  /**
   * Queue an event, or a command. Events dispatched while one is being processed run after it, in
   * order. A command is a function of the state that returns events: it runs when its turn in the
   * queue comes, on the state after every event queued before it, and its events follow at once.
   * That is how a payload describes the state after the events before it (DESIGN "Events"). A
   * command that throws dispatches, in place of its events, a MODULE_ERROR: module `kernel`, hook
   * `dispatch:command`; one an effect emitted names that module and `effect:<name>:command`.
   *
   * ```ts
   * kernel.dispatch((state) => [createEvent('MODAL_CLOSE', { connected: state.router.connected })])
   * ```
   */
  dispatch(item: AirlockEvent | Command): void
  getState(): RootState
  readonly state$: Observable<RootState>
  readonly events$: Observable<AirlockEvent>
  /** A stream of `selector(state)` that emits only when the selected value changes (`Object.is`). */
  select<T>(selector: (state: RootState) => T, equals?: (a: T, b: T) => boolean): Observable<T>
  /**
   * Add a module while running. It folds the retained log from its initial state, so it ends
   * where it would be had it been there from the start, then its effects start.
   */
  addModule(module: AnyModule): void
  /** Stop a module's effects and drop its slice. */
  removeModule(id: string): void
  hasModule(id: string): boolean
  moduleIds(): readonly string[]
  /** The running modules, in order (core first, then plugins as they loaded). */
  modules(): readonly AnyModule[]
  /** The retained log, oldest first. */
  log(): readonly AirlockEvent[]
  /** Fold the retained log from the snapshot through the current modules: equals `getState()`. */
  replay(): RootState
  destroy(): void
}

type Slices = Record<string, unknown>

/** A queued command, with where it came from, so that its failure names the module and hook. */
interface PendingCommand {
  readonly command: Command
  readonly moduleId: string
  readonly hook: string
}

/**
 * Run one module's `fold` on its slice, freezing what it returns in development (as `produce`
 * freezes a draft's result; ./freeze). A throwing fold leaves its slice unchanged.
 */
function reduceSlice(module: AnyModule, slice: unknown, event: AirlockEvent, root: RootState, onError?: (module: AnyModule, error: unknown) => void): unknown {
  const { fold } = module
  if (!fold) return slice
  try {
    const next = fold(slice, event, root)
    return next === slice || !freezing ? next : freezeSlice(next)
  } catch (error) {
    onError?.(module, error)
    return slice
  }
}

/**
 * The module, checked: the kernel runs folds only (issue 27 §1: no Immer in its entry), so a
 * module with an Immer `reduce` must come with its fold (the plugin SDK's `defineModule` adds it).
 */
function foldable<M extends AnyModule>(module: M): M {
  if (module.reduce && !module.fold) throw new UnfoldedModuleError({ moduleId: module.id })
  return module
}

/** Fold one event through every module. Returns the same reference when nothing changed. */
function reduceRoot(modules: readonly AnyModule[], root: RootState, event: AirlockEvent, onError?: (module: AnyModule, error: unknown) => void): RootState {
  let next: Slices | undefined
  for (const module of modules) {
    const before = (root as Slices)[module.id]
    const after = reduceSlice(module, before, event, root, onError)
    if (after !== before) {
      next ??= { ...(root as Slices) }
      next[module.id] = after
    }
  }
  return (next ?? root) as RootState
}

function initialRoot(modules: readonly AnyModule[], base: RootState | undefined): RootState {
  const slices: Slices = {}
  for (const module of modules) {
    // In development, frozen as `produce` froze a slice it was given (./freeze: not in production).
    slices[module.id] =
      base && module.id in base ? (base as Slices)[module.id] : module.fold && freezing ? freezeSlice(module.initialState) : module.initialState
  }
  return slices as RootState
}

/**
 * Fold `events` through `modules` from their initial states, with no effect run: the state a
 * kernel of these modules would hold after these events alone. Pure, so two processes given the
 * same modules and events (a server and a browser) compute the same state.
 *
 * ```ts
 * foldEvents([router], [createEvent('ROUTER_PUSH', { view: 'Account' })]).router.view // 'Account'
 * ```
 */
export function foldEvents(modules: readonly AnyModule[], events: readonly AirlockEvent[]): RootState {
  modules.forEach(foldable)
  return events.reduce((root, event) => reduceRoot(modules, root, event), initialRoot(modules, undefined))
}

/**
 * Create a kernel. The kernel is React-free and knows nothing of wallets.
 *
 * ```ts
 * const kernel = createKernel({ modules: [router], deps: defaultDeps() })
 * kernel.select((s) => s.router.view).subscribe(render)
 * kernel.dispatch(createEvent('ROUTER_PUSH', { view: 'Account' }))
 * ```
 */
export function createKernel(options: KernelOptions): Kernel {
  const deps = options.deps
  const modules: AnyModule[] = []
  // Each running module's effects, by module id.
  const running = new Map<string, Subscription>()
  const log: EventLog = createLog(options.logLimit ?? 10_000)
  const events = createHub()
  const queue: (AirlockEvent | PendingCommand)[] = []
  let processing = false
  let destroyed = false

  for (const module of options.modules ?? []) {
    if (modules.some((m) => m.id === module.id)) throw new DuplicateModuleError({ moduleId: module.id })
    modules.push(foldable(module))
  }
  // The state, and state$: what a BehaviorSubject gives (the current state on subscribing, then
  // each new one), through a hub (./hub): each state straight to the subscribers.
  let state = initialRoot(modules, undefined)
  const states = createHub<RootState>()
  const state$ = new Observable<RootState>((subscriber) => {
    subscriber.next(state)
    return states.events$.subscribe(subscriber)
  })
  const setState = (next: RootState): void => states.next((state = next))

  const reportError = (moduleId: string, hook: string, error: unknown): void => enqueue(moduleError(moduleId, hook, error))

  const onReduceError = (module: AnyModule, error: unknown): void => reportError(module.id, 'reduce', error)

  function process(event: AirlockEvent): void {
    const before = state
    const after = reduceRoot(modules, before, event, onReduceError)
    log.append(event, after)
    if (after !== before) setState(after)
    events.next(event)
  }

  /** Run a command on the current state; a throwing command yields its MODULE_ERROR in its place. */
  function expand(pending: PendingCommand): readonly AirlockEvent[] {
    try {
      return pending.command(state)
    } catch (error) {
      return [moduleError(pending.moduleId, pending.hook, error)]
    }
  }

  function enqueue(item: AirlockEvent | PendingCommand): void {
    if (destroyed) return
    queue.push(item)
    if (processing) return
    processing = true
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        // A command's events go to the front of the queue: nothing runs between it and them.
        if ('command' in next) queue.unshift(...expand(next))
        else process(next)
      }
    } finally {
      processing = false
    }
  }

  /** Queue an event, or a command tagged with the module and hook it came from. */
  function dispatchFrom(item: AirlockEvent | Command, moduleId: string, hook: string): void {
    enqueue(typeof item === 'function' ? { command: item, moduleId, hook: `${hook}:command` } : item)
  }

  const dispatch = (item: AirlockEvent | Command): void => dispatchFrom(item, 'kernel', 'dispatch')

  const depsOf = (module: AnyModule): Deps => options.depsFor?.(module, deps) ?? deps

  function startEffects(module: AnyModule): Subscription {
    const all = new Subscription()
    for (const [name, effect] of Object.entries(module.effects ?? {})) {
      const hook = `effect:${name}`
      all.add(
        isolate(
          () => effect(events.events$, state$, depsOf(module) as never),
          (item) => dispatchFrom(item, module.id, hook),
          (error) => reportError(module.id, hook, error),
        ),
      )
    }
    return all
  }

  function addModule(module: AnyModule): void {
    if (modules.some((m) => m.id === module.id)) return
    foldable(module)
    // Fold the retained log through every module, the new one included, from the snapshot, so the
    // new slice sees exactly the root its reducer would have seen live.
    const withNew = [...modules, module]
    let root = initialRoot(withNew, log.base())
    const checkpointIndex = log.checkpointIndex()
    let atCheckpoint: unknown = module.initialState
    log.events().forEach((event, index) => {
      if (index === checkpointIndex) atCheckpoint = (root as Slices)[module.id]
      root = reduceRoot(withNew, root, event)
    })
    if (checkpointIndex >= log.events().length) atCheckpoint = (root as Slices)[module.id]
    log.graft(module.id, module.initialState, atCheckpoint)
    modules.push(module)
    setState(withSlice(state, module.id, (root as Slices)[module.id]))
    running.set(module.id, startEffects(module))
  }

  function removeModule(id: string): void {
    running.get(id)?.unsubscribe()
    running.delete(id)
    log.forget(id)
    const index = modules.findIndex((m) => m.id === id)
    if (index < 0) return
    modules.splice(index, 1)
    setState(withoutSlice(state, id))
  }

  const kernel: Kernel = {
    dispatch,
    getState: () => state,
    state$,
    events$: events.events$,
    select: (selector, equals = Object.is) => state$.pipe(map(selector), distinctUntilChanged(equals)),
    addModule,
    removeModule,
    hasModule: (id) => modules.some((m) => m.id === id),
    moduleIds: () => modules.map((m) => m.id),
    modules: () => [...modules],
    log: () => log.events(),
    replay: () => log.events().reduce((root, event) => reduceRoot(modules, root, event), initialRoot(modules, log.base())),
    destroy() {
      destroyed = true
      running.forEach((effects) => effects.unsubscribe())
      running.clear()
      events.complete()
      states.complete()
    },
  }

  // Effects of the modules given at creation start after the kernel exists, in module order.
  for (const module of modules) running.set(module.id, startEffects(module))
  return kernel
}
