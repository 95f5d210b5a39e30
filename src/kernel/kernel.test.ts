import { describe, expect, it } from 'vitest'
import { map, filter, from, throwError, mergeMap, of } from 'rxjs'
import { createKernel, foldEvents } from './kernel'
import { type AnyModule, type Command } from './module'
import { defineModule } from './foldOfReduce'
import { memoryStorage, defaultDeps, type Deps } from './deps'
import type { AirlockEvent, RootState } from './registry'
import { DuplicateModuleError } from './errors/plugin'
import { NetworkNotFoundError } from './errors/lookup'

// Test-only events, registered for the compiler.
type Ping = { type: 'TEST_PING'; payload: { n: number } }
type Pong = { type: 'TEST_PONG'; payload: { n: number } }
declare module './registry' {
  interface EventRegistry {
    TEST_PING: Ping
    TEST_PONG: Pong
  }
}

const counter = defineModule({
  id: 'counter',
  initialState: { pings: 0, pongs: 0 },
  reduce(draft, event) {
    if (event.type === 'TEST_PING') draft.pings += event.payload.n
    if (event.type === 'TEST_PONG') draft.pongs += 1
  },
  effects: {
    pong: (events$) =>
      events$.pipe(
        filter((e): e is Ping => e.type === 'TEST_PING'),
        map((e): AirlockEvent => ({ type: 'TEST_PONG', payload: { n: e.payload.n } })),
      ),
  },
})

const deps = () => defaultDeps({ storage: memoryStorage() })
const ping = (n: number): AirlockEvent => ({ type: 'TEST_PING', payload: { n } })

describe('kernel', () => {
  it('runs reducers, then state$, then events$, one event at a time', () => {
    const kernel = createKernel({ modules: [counter], deps: deps() })
    const seen: string[] = []
    kernel.state$.subscribe((s) => seen.push(`state:${(s.counter as { pings: number }).pings}`))
    kernel.events$.subscribe((e) => seen.push(`event:${e.type}`))
    kernel.dispatch(ping(2))
    // The effect's TEST_PONG is queued behind TEST_PING, so PING's events$ emission comes first.
    expect(seen).toEqual(['state:0', 'state:2', 'event:TEST_PING', 'state:2', 'event:TEST_PONG'])
    expect(kernel.log().map((e) => e.type)).toEqual(['TEST_PING', 'TEST_PONG'])
  })

  it('keeps the same state reference for an event no module handles', () => {
    const kernel = createKernel({ modules: [counter], deps: deps() })
    const before = kernel.getState()
    kernel.dispatch({ type: 'PLUGIN_LOADED', payload: { id: 'x' } })
    expect(kernel.getState()).toBe(before)
  })

  it('select emits only on change', () => {
    const kernel = createKernel({ modules: [counter], deps: deps() })
    const values: number[] = []
    kernel.select((s) => (s.counter as { pongs: number }).pongs).subscribe((v) => values.push(v))
    kernel.dispatch({ type: 'PLUGIN_LOADED', payload: { id: 'x' } })
    kernel.dispatch(ping(1))
    expect(values).toEqual([0, 1])
  })

  it('turns a reducer error into MODULE_ERROR and leaves the slice as it was', () => {
    const bad = defineModule({
      id: 'bad',
      initialState: { n: 0 },
      reduce(draft, event) {
        if (event.type === 'TEST_PING') {
          draft.n = 1
          throw new Error('boom')
        }
      },
    })
    const kernel = createKernel({ modules: [bad, counter], deps: deps() })
    kernel.dispatch(ping(1))
    expect(kernel.getState().bad).toEqual({ n: 0 })
    expect((kernel.getState().counter as { pings: number }).pings).toBe(1)
    const error = kernel.log().find((e) => e.type === 'MODULE_ERROR')
    expect(error?.payload).toMatchObject({ moduleId: 'bad', hook: 'reduce', category: 'INTERNAL_SDK_ERROR', message: 'boom' })
  })

  it("a module's plain fold: its result is frozen deeply, an ignored event keeps the reference, a throw is MODULE_ERROR", () => {
    const tally = defineModule({
      id: 'tally',
      initialState: { seen: [] as number[], last: { n: 0 } },
      fold(state, event) {
        if (event.type === 'TEST_PONG') throw new Error('no pongs')
        return event.type === 'TEST_PING' ? { seen: [...state.seen, event.payload.n], last: { n: event.payload.n } } : state
      },
    })
    const kernel = createKernel({ modules: [tally], deps: deps() })
    const initial = kernel.getState().tally as { seen: number[]; last: { n: number } }
    // The initial slice is frozen as `produce` froze it: a reader that mutates state fails.
    expect(() => initial.seen.push(1)).toThrow(TypeError)
    kernel.dispatch({ type: 'PLUGIN_LOADED', payload: { id: 'x' } })
    expect(kernel.getState().tally).toBe(initial)
    kernel.dispatch(ping(3))
    const after = kernel.getState().tally as { seen: number[]; last: { n: number } }
    expect(after).toEqual({ seen: [3], last: { n: 3 } })
    expect(() => after.seen.push(4)).toThrow(TypeError)
    expect(() => {
      after.last.n = 5
    }).toThrow(TypeError)
    kernel.dispatch({ type: 'TEST_PONG', payload: { n: 1 } })
    expect(kernel.getState().tally).toBe(after)
    expect(kernel.log().find((e) => e.type === 'MODULE_ERROR')?.payload).toMatchObject({ moduleId: 'tally', hook: 'reduce', message: 'no pongs' })
    expect(kernel.replay()).toEqual(kernel.getState())
  })

  it('reports a failing effect, resubscribes it, and keeps other effects running', () => {
    const failing = defineModule({
      id: 'failing',
      initialState: null,
      effects: {
        explode: (events$) =>
          events$.pipe(
            filter((e) => e.type === 'TEST_PING'),
            mergeMap(() => throwError(() => new Error('effect failed'))),
          ),
      },
    })
    const kernel = createKernel({ modules: [failing, counter], deps: deps() })
    kernel.dispatch(ping(1))
    kernel.dispatch(ping(1))
    const errors = kernel.log().filter((e) => e.type === 'MODULE_ERROR')
    expect(errors).toHaveLength(2)
    expect(errors[0]?.payload).toMatchObject({ moduleId: 'failing', hook: 'effect:explode' })
    expect((kernel.getState().counter as { pongs: number }).pongs).toBe(2)
  })

  it('an effect that throws while subscribing is reported and stays stopped', () => {
    const broken = defineModule({
      id: 'broken',
      initialState: null,
      effects: {
        setup: () => {
          throw new Error('no setup')
        },
      },
    })
    const kernel = createKernel({ modules: [broken, counter], deps: deps() })
    kernel.dispatch(ping(3))
    expect(kernel.log().filter((e) => e.type === 'MODULE_ERROR')).toHaveLength(1)
    expect((kernel.getState().counter as { pongs: number }).pongs).toBe(1)
  })

  it('a module added late folds the log and ends where one added at start would', () => {
    const late = createKernel({ modules: [], deps: deps() })
    const eager = createKernel({ modules: [counter], deps: deps() })
    for (const n of [1, 2, 3]) {
      late.dispatch(ping(n))
      eager.dispatch(ping(n))
    }
    late.addModule({ ...counter, effects: {} })
    // The late one saw no pongs (its effect was not running) but folded every ping.
    expect(late.getState().counter).toEqual({ pings: 6, pongs: 0 })
    expect(late.replay()).toEqual(late.getState())
    late.removeModule('counter')
    expect(late.getState().counter).toBeUndefined()
  })

  it('bounds the log and replay from the snapshot still equals the live state', () => {
    const kernel = createKernel({ modules: [{ ...counter, effects: {} }], deps: deps(), logLimit: 10 })
    for (let n = 1; n <= 57; n++) kernel.dispatch(ping(n))
    expect(kernel.log().length).toBeLessThanOrEqual(10)
    expect(kernel.replay()).toEqual(kernel.getState())
    expect((kernel.getState().counter as { pings: number }).pings).toBe((57 * 58) / 2)
  })

  it('refuses two modules with one id with DuplicateModuleError', () => {
    expect(() => createKernel({ modules: [counter, counter], deps: deps() })).toThrow(DuplicateModuleError)
    expect(() => createKernel({ modules: [counter, counter], deps: deps() })).toThrow('Duplicate module id: counter')
  })

  it('a MODULE_ERROR carries the error class name and its category (INTERNAL_SDK_ERROR when it has none)', () => {
    const thrower = (error: unknown) =>
      defineModule({
        id: `throws-${String((error as Error).name)}`,
        initialState: null,
        reduce(_draft, event) {
          if (event.type === 'TEST_PING') throw error
        },
      })
    const kernel = createKernel({ modules: [thrower(new NetworkNotFoundError({ caipNetworkId: 'eip155:5' })), thrower(new TypeError('bad'))], deps: deps() })
    kernel.dispatch(ping(1))
    const errors = kernel.log().flatMap((e) => (e.type === 'MODULE_ERROR' ? [e.payload] : []))
    expect(errors).toEqual([
      { moduleId: 'throws-NetworkNotFoundError', hook: 'reduce', name: 'NetworkNotFoundError', category: 'INTERNAL_SDK_ERROR', message: 'Network not found' },
      { moduleId: 'throws-TypeError', hook: 'reduce', name: 'TypeError', category: 'INTERNAL_SDK_ERROR', message: 'bad' },
    ])
  })

  it('stops dispatching after destroy', () => {
    const kernel = createKernel({ modules: [counter], deps: deps() })
    kernel.destroy()
    kernel.dispatch(ping(1))
    expect(kernel.log()).toHaveLength(0)
    void of
  })
})

const pings = (state: RootState): number => (state.counter as { pings: number }).pings

describe('kernel commands', () => {
  it('a command sees the state after every event queued before it, and its events follow at once', () => {
    const seenByCommand: number[] = []
    const command: Command = (state) => {
      seenByCommand.push(pings(state))
      return [ping(100)]
    }
    // An effect that, on the first ping, queues two more pings, then the command, then a last ping.
    const burst = defineModule({
      id: 'burst',
      initialState: null,
      effects: {
        burst: (events$) =>
          events$.pipe(
            filter((e): e is Ping => e.type === 'TEST_PING' && e.payload.n === 1),
            mergeMap(() => from<(AirlockEvent | Command)[]>([ping(2), ping(3), command, ping(4)])),
          ),
      },
    })
    const kernel = createKernel({ modules: [{ ...counter, effects: {} }, burst], deps: deps() })
    kernel.dispatch(ping(1))
    // The command ran after pings 1, 2 and 3 (1 + 2 + 3 = 6), and its ping(100) came before ping(4).
    expect(seenByCommand).toEqual([6])
    expect(kernel.log().map((e) => (e.type === 'TEST_PING' ? e.payload.n : e.type))).toEqual([1, 2, 3, 100, 4])
  })

  it('a command dispatched from outside runs on the current state', () => {
    const kernel = createKernel({ modules: [{ ...counter, effects: {} }], deps: deps() })
    kernel.dispatch(ping(5))
    kernel.dispatch((state) => [ping(pings(state))])
    expect(pings(kernel.getState())).toBe(10)
  })

  it('a command that returns no event dispatches nothing', () => {
    const kernel = createKernel({ modules: [{ ...counter, effects: {} }], deps: deps() })
    kernel.dispatch(() => [])
    expect(kernel.log()).toEqual([])
  })

  it('a throwing command becomes MODULE_ERROR naming the module and hook, and stops nothing', () => {
    const failing: Command = () => {
      throw new NetworkNotFoundError({ caipNetworkId: 'eip155:5' })
    }
    const emitter = defineModule({
      id: 'emitter',
      initialState: null,
      effects: {
        fail: (events$) =>
          events$.pipe(
            filter((e): e is Ping => e.type === 'TEST_PING' && e.payload.n === 1),
            mergeMap(() => from<(AirlockEvent | Command)[]>([failing, ping(2)])),
          ),
      },
    })
    const kernel = createKernel({ modules: [{ ...counter, effects: {} }, emitter], deps: deps() })
    kernel.dispatch(ping(1))
    kernel.dispatch(failing)
    kernel.dispatch(ping(3))
    const log = kernel
      .log()
      .map((e) => (e.type === 'MODULE_ERROR' ? `${e.payload.moduleId}/${e.payload.hook}/${e.payload.name}` : e.type === 'TEST_PING' ? e.payload.n : e.type))
    // The error takes the place of the command's events, in the command's turn.
    expect(log).toEqual([1, 'emitter/effect:fail:command/NetworkNotFoundError', 2, 'kernel/dispatch:command/NetworkNotFoundError', 3])
    expect(pings(kernel.getState())).toBe(6)
  })

  it('commands from an effect of a module added late run like any other', () => {
    const kernel = createKernel({ modules: [{ ...counter, effects: {} }], deps: deps() })
    const doubler = defineModule({
      id: 'doubler',
      initialState: null,
      effects: {
        double: (events$) =>
          events$.pipe(
            filter((e): e is Ping => e.type === 'TEST_PING' && e.payload.n === 7),
            map((): Command => (state) => [ping(pings(state) * 10)]),
          ),
      },
    })
    kernel.addModule(doubler)
    kernel.dispatch(ping(7))
    expect(kernel.log().map((e) => (e.type === 'TEST_PING' ? e.payload.n : e.type))).toEqual([7, 70])
  })
})

describe('kernel depsFor', () => {
  it('gives each module its own deps, and the shared ones where it returns them', () => {
    const shared = deps()
    const received = new Map<string, Deps>()
    const probe = (id: string): AnyModule =>
      defineModule({
        id,
        initialState: null,
        effects: {
          probe: (_events$, _state$, given) => {
            received.set(id, given)
            return of()
          },
        },
      })
    const own = { ...shared, logger: { warn() {}, error() {} } }
    const kernel = createKernel({
      modules: [probe('a'), probe('b')],
      deps: shared,
      depsFor: (module, base) => (module.id === 'a' ? own : base),
    })
    kernel.addModule(probe('late'))
    expect(received.get('a')).toBe(own)
    expect(received.get('b')).toBe(shared)
    expect(received.get('late')).toBe(shared)
  })

  it('hands every module the shared deps without depsFor', () => {
    const shared = deps()
    let given: Deps | undefined
    createKernel({
      modules: [defineModule({ id: 'x', initialState: null, effects: { probe: (_e, _s, d) => ((given = d), of()) } })],
      deps: shared,
    })
    expect(given).toBe(shared)
  })
})

describe('foldEvents (the state a server renders)', () => {
  it('folds the events through the reducers alone: no effect runs, so the effect-made TEST_PONG is absent', () => {
    const kernel = createKernel({ modules: [counter], deps: deps() })
    kernel.dispatch(ping(2))
    expect(kernel.getState().counter).toEqual({ pings: 2, pongs: 1 })
    expect(foldEvents([counter], [ping(2)])).toEqual({ counter: { pings: 2, pongs: 0 } })
  })

  it("starts from each module's initial state and returns it for no events", () => {
    expect(foldEvents([counter], [])).toEqual({ counter: { pings: 0, pongs: 0 } })
  })
})
