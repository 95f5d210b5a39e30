/**
 * The kernel's ordering in marbles (rxjs TestScheduler, virtual time): for each event the reducers
 * run, then state$ emits, then events$; an effect's answer comes after the event that caused it,
 * and a command runs on the state of its turn; effects' timers run on the injected scheduler, so
 * time is virtual in tests.
 */
import { describe, expect, it } from 'vitest'
import { TestScheduler } from 'rxjs/testing'
import { delay, filter, map, merge, skip } from 'rxjs'
import { createKernel } from './kernel'
import { defaultDeps, memoryStorage } from './deps'
import type { AnyModule, Command, Effect } from './module'
import { createEvent, type AirlockEvent, type RootState } from './registry'

const opened = createEvent('MODAL_OPEN', { connected: false })
const closed = createEvent('MODAL_CLOSE', { connected: false })
const count = (state: RootState): number => (state as unknown as { counter: { opens: number } }).counter.opens

/** A module counting MODAL_OPENs, with the given effects. */
const counter = (effects: Record<string, Effect>): AnyModule =>
  ({
    id: 'counter',
    initialState: { opens: 0 },
    fold: (state: { opens: number }, event: AirlockEvent) => (event.type === 'MODAL_OPEN' ? { opens: state.opens + 1 } : state),
    effects,
  }) as unknown as AnyModule

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

/** state$ (as `s<count>`) and events$ (as their type) merged, in the order they emit. */
const order = (kernel: ReturnType<typeof createKernel>) =>
  merge(
    kernel.state$.pipe(
      skip(1),
      map((state) => `s${count(state)}`),
    ),
    kernel.events$.pipe(map((event) => event.type)),
  )

describe('kernel ordering (marbles)', () => {
  it('each event: its state first, then the event; an unchanged state does not emit', () => {
    const test = scheduler()
    test.run(({ cold, expectObservable }) => {
      const kernel = createKernel({ modules: [counter({})], deps: defaultDeps({ storage: memoryStorage(), scheduler: test }) })
      // (A group takes its own width in frames: the events come at 1, 5 and 7.)
      cold('-a---b-a', { a: opened, b: closed }).subscribe((event) => kernel.dispatch(event))
      expectObservable(order(kernel)).toBe('-(xa)b-(ya)', { x: 's1', y: 's2', a: 'MODAL_OPEN', b: 'MODAL_CLOSE' })
    })
  })

  it("an effect's answer follows its cause in the same turn; a command reads the state of its turn, not of its making", () => {
    const test = scheduler()
    test.run(({ cold, expectObservable }) => {
      // On MODAL_CLOSE: a command made now, queued behind a MODAL_OPEN the effect also emits.
      const answer: Effect = (events$) =>
        events$.pipe(
          filter((event) => event.type === 'MODAL_CLOSE'),
          map((): Command => (state) => [createEvent('ROUTER_PUSH', { view: `at${count(state)}` })]),
        )
      const reopen: Effect = (events$) =>
        events$.pipe(
          filter((event) => event.type === 'MODAL_CLOSE'),
          map(() => opened),
        )
      const kernel = createKernel({ modules: [counter({ reopen, answer })], deps: defaultDeps({ storage: memoryStorage(), scheduler: test }) })
      const pushed = kernel.events$.pipe(
        filter((event): event is Extract<AirlockEvent, { type: 'ROUTER_PUSH' }> => event.type === 'ROUTER_PUSH'),
        map((event) => event.payload.view),
      )
      cold('--b', { b: closed }).subscribe((event) => kernel.dispatch(event))
      expectObservable(order(kernel)).toBe('--(bxap)', { b: 'MODAL_CLOSE', x: 's1', a: 'MODAL_OPEN', p: 'ROUTER_PUSH' })
      // The command was made before the MODAL_OPEN was reduced, and reads the state after it.
      expectObservable(pushed).toBe('--p', { p: 'at1' })
    })
  })

  it("an effect's timer runs on the injected scheduler: virtual time, no real wait", () => {
    const test = scheduler()
    test.run(({ cold, expectObservable }) => {
      const later: Effect = (events$, _state$, deps) =>
        events$.pipe(
          filter((event) => event.type === 'MODAL_OPEN'),
          delay(1000, deps.scheduler),
          map(() => closed),
        )
      const kernel = createKernel({ modules: [counter({ later })], deps: defaultDeps({ storage: memoryStorage(), scheduler: test }) })
      cold('-a', { a: opened }).subscribe((event) => kernel.dispatch(event))
      expectObservable(kernel.events$.pipe(map((event) => event.type))).toBe('-a 999ms b', { a: 'MODAL_OPEN', b: 'MODAL_CLOSE' })
    })
  })
})
