/**
 * The kernel folds each event through each module with src/kernel/lazyDraft's `reduceLazily`
 * (issue 27 §1: no Immer draft for a reducer that ignores the event) where it used Immer's
 * `produce`, and through a module's plain `fold` where it has one (the router, networks, account
 * and contributions modules, which every event goes through). Rule checked: for random sequences
 * of core events through a kernel of every core module (effects running), folding its log with
 * `produce` through every core module's Immer reducer (for the folds, the Immer reducer each
 * replaced, kept in ./immerReducers) gives, event by event, the same slices changed and the same
 * values as the kernel's way does, and ends on the kernel's live state and its replay.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { produce } from 'immer'
import { coreModules } from '../../src/core/modules'
import { reduceLazily } from '../../src/kernel/lazyDraft'
import type { AnyModule } from '../../src/kernel/module'
import type { AirlockEvent, RootState } from '../../src/kernel/registry'
import { coreEvents, newCoreKernel } from '../property/coreKernel'
import { reduceRouter } from './immerReducers/router'
import { reduceNetworks } from './immerReducers/networks'
import { reduceAccount } from './immerReducers/account'
import { reduceContributions } from './immerReducers/contributions'

type Slices = Record<string, unknown>
type Step = (module: AnyModule, slice: unknown, event: AirlockEvent, root: RootState) => unknown

/** The Immer reducers the plain folds replaced, by module id. */
const immerReducers: Record<string, AnyModule['reduce']> = {
  router: (draft, event, root) => reduceRouter(draft as never, event, root),
  networks: (draft, event, root) => reduceNetworks(draft as never, event, root),
  account: (draft, event) => reduceAccount(draft as never, event),
  contributions: (draft, event) => reduceContributions(draft as never, event),
}

const withProduce: Step = (module, slice, event, root) => {
  const reduce = module.reduce ?? immerReducers[module.id]
  return produce(slice, (draft: unknown) => reduce?.(draft, event, root) as never)
}
/** As the kernel does: the module's fold, else its reducer through `reduceLazily`. */
const lazily: Step = (module, slice, event, root) => {
  if (module.fold) return module.fold(slice, event, root)
  return module.reduce ? reduceLazily(slice, module.reduce, event, root) : slice
}

/** Fold `events` from `start` as the kernel does (a throwing reducer keeps its slice), noting each event's changed slices. */
function fold(step: Step, start: RootState, events: readonly AirlockEvent[]) {
  const changed: string[][] = []
  let root = start
  for (const event of events) {
    let next: Slices | undefined
    const ids: string[] = []
    for (const module of coreModules) {
      const before = (root as Slices)[module.id]
      let after = before
      try {
        after = step(module, before, event, root)
      } catch {
        after = before
      }
      if (after !== before) {
        next ??= { ...(root as Slices) }
        next[module.id] = after
        ids.push(module.id)
      }
    }
    changed.push(ids)
    root = (next ?? root) as RootState
  }
  return { root, changed }
}

describe('lazy drafts on the core reducers', () => {
  it("property: folding the log the kernel's way (plain folds, reduceLazily) changes the same slices to the same values as produce through the Immer reducers", () => {
    const initial = Object.fromEntries(coreModules.map((m) => [m.id, m.initialState])) as RootState
    expect(Object.keys(immerReducers).every((id) => coreModules.find((m) => m.id === id)?.fold)).toBe(true)
    fc.assert(
      fc.property(coreEvents, (events) => {
        const { kernel, scheduler } = newCoreKernel()
        for (const event of events) kernel.dispatch(event)
        scheduler.flush()
        const log = kernel.log()
        const reference = fold(withProduce, initial, log)
        const lazy = fold(lazily, initial, log)
        expect(lazy.changed).toEqual(reference.changed)
        expect(lazy.root).toEqual(reference.root)
        expect(kernel.getState()).toEqual(reference.root)
        expect(kernel.replay()).toEqual(reference.root)
        kernel.destroy()
      }),
      { numRuns: 150 },
    )
  })
})
