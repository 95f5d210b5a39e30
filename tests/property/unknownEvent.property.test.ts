/**
 * Property 2: an event no module handles leaves the state as the same reference, whatever came
 * before it — so `state$` does not emit and selectors do not recompute.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { coreEventCodecs } from '../../src/events/catalogue'
import type { AirlockEvent } from '../../src/kernel/registry'
import { coreEvents, newCoreKernel } from './coreKernel'
import { MODEL_RUNS, runs } from './settings'

const known = new Set(Object.keys(coreEventCodecs))
const unknownEvent = fc
  .record({ type: fc.string({ minLength: 1, maxLength: 30 }).filter((type) => !known.has(type)), payload: fc.jsonValue() })
  .map((event) => event as unknown as AirlockEvent)

describe('property 2: unknown events', () => {
  it('an event no module handles leaves the state as the same reference', () => {
    fc.assert(
      fc.property(coreEvents, unknownEvent, (prefix, unknown) => {
        const { kernel } = newCoreKernel()
        for (const event of prefix) kernel.dispatch(event)
        const before = kernel.getState()
        let emissions = 0
        const subscription = kernel.state$.subscribe(() => (emissions += 1))
        kernel.dispatch(unknown)
        expect(kernel.getState()).toBe(before)
        expect(emissions).toBe(1) // only the replay of the current value on subscribe
        subscription.unsubscribe()
        kernel.destroy()
      }),
      runs({ atMost: MODEL_RUNS }),
    )
  })
})
