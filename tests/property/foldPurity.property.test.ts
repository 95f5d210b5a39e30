/**
 * Property: no core fold writes into what it is given. A production build does not freeze the
 * state (src/kernel/freeze.ts, issue 27 §1), so a fold that wrote into its slice, the root it reads
 * or the event would change what every other reader holds (and the log's replay). For random
 * sequences of core events, every core module's fold gets unfrozen copies of the root (its slice
 * in it) and of the event, as in production; after the folds, each still equals its copy from
 * before.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { AnyModule } from '../../src/kernel/module'
import type { AirlockEvent, RootState } from '../../src/kernel/registry'
import { coreModules } from '../../src/core/modules'
import { coreEvents, newCoreKernel } from './coreKernel'
import { MODEL_RUNS, runs } from './settings'

/** Fold `events` through `modules` from a started core kernel's state, unfrozen; the first write into an input, if any. */
function firstWrite(modules: readonly AnyModule[], events: readonly AirlockEvent[]): string | undefined {
  const { kernel } = newCoreKernel()
  // Unfrozen copies: in tests the kernel freezes (development), so a write would throw, not show.
  let root = structuredClone(kernel.getState()) as Record<string, unknown>
  kernel.destroy()
  for (const module of modules) if (!(module.id in root)) root[module.id] = structuredClone(module.initialState)
  for (const original of events) {
    const event = structuredClone(original) as AirlockEvent
    const before = structuredClone(root)
    const next: Record<string, unknown> = { ...root }
    for (const module of modules) {
      try {
        next[module.id] = module.fold?.(root[module.id], event, root as RootState)
      } catch {
        // A fold may refuse an event (the kernel reports it as MODULE_ERROR); it still must not write.
      }
    }
    try {
      expect(root).toEqual(before)
      expect(event).toEqual(original)
    } catch {
      return `a fold wrote into its input on ${event.type}`
    }
    root = next
  }
  return undefined
}

describe('property: folds are pure', () => {
  it('no core fold writes into the slice, the root or the event it is given (unfrozen, as in production)', () => {
    fc.assert(
      fc.property(coreEvents, (events) => {
        expect(firstWrite(coreModules, events)).toBeUndefined()
      }),
      runs({ atMost: MODEL_RUNS }),
    )
  })

  it('the check sees a fold that writes into its slice', () => {
    const writer = {
      id: 'writer',
      initialState: { seen: [] as string[] },
      fold: (s: { seen: string[] }, e: AirlockEvent) => (s.seen.push(e.type), s),
    } as AnyModule
    expect(firstWrite([...coreModules, writer], [{ type: 'ROUTER_BACK', payload: {} } as AirlockEvent])).toBe('a fold wrote into its input on ROUTER_BACK')
  })
})
