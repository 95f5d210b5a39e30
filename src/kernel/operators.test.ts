import { describe, expect, it } from 'vitest'
import { BehaviorSubject, Subject } from 'rxjs'
import { createKernel } from './kernel'
import { defineModule } from './module'
import { defaultDeps, memoryStorage } from './deps'
import { createEvent, type AirlockEvent } from './registry'
import { eventsWithState } from './operators'

describe('eventsWithState', () => {
  it('projects each event with the latest state, drops undefined, and drops events before the first state', () => {
    const events$ = new Subject<AirlockEvent>()
    const state$ = new Subject<number>()
    const seen: string[] = []
    eventsWithState(events$, state$, (event, state) => (state > 0 ? `${event.type}@${state}` : undefined)).subscribe((v) => seen.push(v))
    events$.next(createEvent('MODAL_OPEN', { connected: false }))
    state$.next(0)
    events$.next(createEvent('MODAL_OPEN', { connected: false }))
    state$.next(2)
    events$.next(createEvent('ROUTER_BACK', {}))
    expect(seen).toEqual(['ROUTER_BACK@2'])
  })

  it('a throwing projection errors the stream, so the kernel reports it and starts the effect again', () => {
    let calls = 0
    const module = defineModule({
      id: 'thrower',
      initialState: null,
      effects: {
        probe: (events$, state$) =>
          eventsWithState(events$, state$, (event): AirlockEvent | undefined => {
            calls += 1
            if (event.type === 'ROUTER_BACK') throw new Error('bad projection')
            return undefined
          }),
      },
    })
    const kernel = createKernel({ modules: [module], deps: defaultDeps({ storage: memoryStorage() }) })
    kernel.dispatch(createEvent('ROUTER_BACK', {}))
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: false }))
    const errors = kernel.log().filter((e) => e.type === 'MODULE_ERROR')
    expect(errors.map((e) => e.payload)).toMatchObject([{ moduleId: 'thrower', hook: 'effect:probe', message: 'bad projection' }])
    // Started again: it saw the MODULE_ERROR and the MODAL_OPEN after it.
    expect(calls).toBe(3)
  })

  it('unsubscribing stops both subscriptions', () => {
    const events$ = new Subject<AirlockEvent>()
    const state$ = new BehaviorSubject(1)
    const subscription = eventsWithState(events$, state$, () => 1).subscribe()
    expect(events$.observed && state$.observed).toBe(true)
    subscription.unsubscribe()
    expect(events$.observed || state$.observed).toBe(false)
  })

  it("on the kernel's state$ it reads the current state, the one after each event, with no subscription to state$ (issue 27 §1)", () => {
    const seen: string[] = []
    let subscribed = 0
    const module = defineModule({
      id: 'opens',
      initialState: 0,
      fold: (n: number, event: AirlockEvent) => (event.type === 'MODAL_OPEN' ? n + 1 : n),
      effects: {
        probe: (events$, state$) => {
          const subscribe = state$.subscribe.bind(state$)
          state$.subscribe = ((...args: Parameters<typeof subscribe>) => {
            subscribed += 1
            return subscribe(...args)
          }) as typeof state$.subscribe
          return eventsWithState(events$, state$, (event, state): AirlockEvent | undefined => {
            seen.push(`${event.type}@${String(state.opens)}`)
            return undefined
          })
        },
      },
    })
    const kernel = createKernel({ modules: [module], deps: defaultDeps({ storage: memoryStorage() }) })
    for (const event of [createEvent('MODAL_OPEN', { connected: false }), createEvent('ROUTER_BACK', {}), createEvent('MODAL_OPEN', { connected: false })])
      kernel.dispatch(event)
    expect(seen).toEqual(['MODAL_OPEN@1', 'ROUTER_BACK@1', 'MODAL_OPEN@2'])
    expect(subscribed).toBe(0)
  })
})
