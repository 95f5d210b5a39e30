/**
 * Effects whose code loads later (./lazyEffects) run on a real kernel: the events that pass while
 * the chunk loads are handed over in order, each with the state it produced (DESIGN "Events": an
 * effect reads the state after its trigger was reduced, never a later one).
 */
import { describe, expect, it } from 'vitest'
import { mergeMap, withLatestFrom } from 'rxjs'
import { createKernel } from './kernel'
import { defaultDeps, memoryStorage } from './deps'
import { lazyEffects } from './lazyEffects'
import type { AnyModule, Effect } from './module'
import { createEvent, type AirlockEvent } from './registry'

interface Counter {
  readonly count: number
}

/** A module counting MODAL_OPENs, whose effect (in a chunk that loads when told) notes what it saw. */
function setup() {
  let release: () => void = () => undefined
  const seen: { type: string; count: number }[] = []
  const noting: Effect = (events$, state$) =>
    events$.pipe(
      withLatestFrom(state$),
      mergeMap(([event, state]) => {
        seen.push({ type: event.type, count: (state as unknown as { counter: Counter }).counter.count })
        // Each MODAL_OPEN is answered, while the queue drains too.
        return event.type === 'MODAL_OPEN' ? [createEvent('ROUTER_BACK', {})] : []
      }),
    )
  const chunk = new Promise<{ noting: Effect }>((resolve) => (release = () => resolve({ noting })))
  const counter = {
    id: 'counter',
    initialState: { count: 0 },
    fold: (state: { count: number }, event: AirlockEvent) => (event.type === 'MODAL_OPEN' ? { count: state.count + 1 } : state),
    effects: {
      lazy: lazyEffects({ what: 'counter', needs: (event) => event.type === 'MODAL_OPEN', load: () => chunk, effect: (loaded) => loaded.noting }),
    },
  } as unknown as AnyModule
  const kernel = createKernel({ modules: [counter], deps: defaultDeps({ storage: memoryStorage() }) })
  return { kernel, seen, release: () => release() }
}

const opened = createEvent('MODAL_OPEN', { connected: false })

describe('lazyEffects: events queued while the chunk loads', () => {
  it('are handed to the effect with the state each produced, not the state when the chunk arrived', async () => {
    const { kernel, seen, release } = setup()
    kernel.dispatch(opened)
    kernel.dispatch(opened)
    kernel.dispatch(opened)
    expect(kernel.getState()).toMatchObject({ counter: { count: 3 } })
    release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    // Each answer (ROUTER_BACK) is queued behind the events still waiting, and seen with its own state.
    expect(seen).toEqual([
      { type: 'MODAL_OPEN', count: 1 },
      { type: 'MODAL_OPEN', count: 2 },
      { type: 'MODAL_OPEN', count: 3 },
      { type: 'ROUTER_BACK', count: 3 },
      { type: 'ROUTER_BACK', count: 3 },
      { type: 'ROUTER_BACK', count: 3 },
    ])
  })

  it('after the queue, live events come with their state, as the kernel orders them (state$ before events$)', async () => {
    const { kernel, seen, release } = setup()
    kernel.dispatch(opened)
    release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    seen.length = 0
    kernel.dispatch(opened)
    expect(seen).toEqual([
      { type: 'MODAL_OPEN', count: 2 },
      { type: 'ROUTER_BACK', count: 2 },
    ])
  })
})
