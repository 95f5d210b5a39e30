/**
 * Issue 26 §4: `defineEvents` declares a plugin's events once. The one declaration is the module's
 * `events` (codecs by type) and `publicEvents`, and, through `EventsOf` and `PublicEventsOf`, the
 * plugin's registry entries; a key that is not its codec's type, or a public event the plugin does
 * not declare, is a compile error (tsc checks this file: an `@ts-expect-error` with no error fails
 * it).
 */
import { describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import { ethereum } from '../../src/index'
import { defineEvent, defineEvents, defineModule, isRight, NoPayload, type EventsOf, type PublicEventsOf } from '../../src/plugin'
import { createTestKernel } from '../../src/testing'

const CounterBumped = defineEvent('COUNTER_BUMPED', t.type({ by: t.number }))
const CounterReset = defineEvent('COUNTER_RESET', NoPayload)

const counterEvents = defineEvents({ COUNTER_BUMPED: CounterBumped, COUNTER_RESET: CounterReset }, { public: ['COUNTER_BUMPED'] })

type CounterEvents = EventsOf<typeof counterEvents>
type CounterPublic = PublicEventsOf<typeof counterEvents>

describe('defineEvents', () => {
  it('gives the module its codecs and its public list, as written', () => {
    expect(counterEvents.codecs).toEqual({ COUNTER_BUMPED: CounterBumped, COUNTER_RESET: CounterReset })
    expect(counterEvents.public).toEqual(['COUNTER_BUMPED'])
    expect(defineEvents({ COUNTER_RESET: CounterReset }).public).toEqual([])
  })

  it('gives the registry entries: each type with its event, the public types', () => {
    const bumped: CounterEvents['COUNTER_BUMPED'] = { type: 'COUNTER_BUMPED', payload: { by: 2 } }
    const reset: CounterEvents['COUNTER_RESET'] = { type: 'COUNTER_RESET', payload: {} }
    const published: CounterPublic = { COUNTER_BUMPED: true }
    // @ts-expect-error -- COUNTER_RESET is not public
    const notPublished: CounterPublic = { COUNTER_RESET: true }
    // @ts-expect-error -- the payload is the codec's
    const wrong: CounterEvents['COUNTER_BUMPED'] = { type: 'COUNTER_BUMPED', payload: { by: '2' } }
    expect([bumped, reset, published, notPublished, wrong]).toHaveLength(5)
  })

  it('typos are compile errors', () => {
    const typos = [
      // @ts-expect-error -- the key is not the codec's type
      defineEvents({ COUNTER_BUMPD: CounterBumped }),
      // @ts-expect-error -- a public event the plugin does not declare
      defineEvents({ COUNTER_BUMPED: CounterBumped }, { public: ['COUNTER_BUMPD'] }),
      // @ts-expect-error -- not an event codec
      defineEvents({ COUNTER_BUMPED: t.type({ by: t.number }) }),
    ]
    expect(typos).toHaveLength(3)
  })

  it('a module built on it loads on a real kernel and reduces its events', () => {
    const counter = defineModule({
      id: 'counter',
      initialState: { count: 0 },
      reduce: (draft, event) => {
        const bumped = event as { type: string; payload: unknown }
        if (isRight(CounterBumped.decode(bumped))) draft.count += (bumped as CounterEvents['COUNTER_BUMPED']).payload.by
      },
      events: counterEvents.codecs,
      publicEvents: counterEvents.public,
    })
    const kernel = createTestKernel({ options: { projectId: 'p', networks: [ethereum] }, modules: [counter] })
    const event: CounterEvents['COUNTER_BUMPED'] = { type: 'COUNTER_BUMPED', payload: { by: 2 } }
    kernel.dispatch(event as never)
    expect(kernel.getState()['counter']).toEqual({ count: 2 })
    kernel.destroy()
  })
})
