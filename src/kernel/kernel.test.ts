import { describe, expect, it } from 'vitest'
import { map, filter, throwError, mergeMap, of } from 'rxjs'
import { createKernel } from './kernel'
import { defineModule } from './module'
import { memoryStorage, defaultDeps } from './deps'
import type { AirlockEvent } from './registry'

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

  it('stops dispatching after destroy', () => {
    const kernel = createKernel({ modules: [counter], deps: deps() })
    kernel.destroy()
    kernel.dispatch(ping(1))
    expect(kernel.log()).toHaveLength(0)
    void of
  })
})
