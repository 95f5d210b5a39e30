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
})
