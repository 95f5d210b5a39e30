/**
 * The kernel folds each event through each module with src/kernel/lazyDraft's `reduceLazily`
 * (issue 27 §1: no Immer draft for a reducer that ignores the event) where it used Immer's
 * `produce`, and through a module's plain `fold` where it has one (every core module: every event goes
 * through each). Rule checked: for random sequences
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
import { reduceWalletCatalog } from './immerReducers/walletCatalog'
import { reduceStorage } from './immerReducers/storage'
import { reduceOptions } from './immerReducers/options'
import { reduceConnection } from './immerReducers/connection'
import { reduceConnectors } from './immerReducers/connectors'
import { reduceNotifications } from './immerReducers/notifications'

type Slices = Record<string, unknown>
type Step = (module: AnyModule, slice: unknown, event: AirlockEvent, root: RootState) => unknown

/** The Immer reducers the plain folds replaced, by module id. */
const immerReducers: Record<string, AnyModule['reduce']> = {
  router: (draft, event, root) => reduceRouter(draft as never, event, root),
  networks: (draft, event, root) => reduceNetworks(draft as never, event, root),
  account: (draft, event) => reduceAccount(draft as never, event),
  contributions: (draft, event) => reduceContributions(draft as never, event),
  walletCatalog: (draft, event) => reduceWalletCatalog(draft as never, event),
  storage: (draft, event) => reduceStorage(draft as never, event),
  options: (draft, event) => reduceOptions(draft as never, event),
  connection: (draft, event) => reduceConnection(draft as never, event),
  connectors: (draft, event) => reduceConnectors(draft as never, event),
  notifications: (draft, event) => reduceNotifications(draft as never, event),
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

/**
 * `value` with every -0 made 0. Immer drops an assignment of -0 over 0 (or 0 over -0) once the
 * draft has changed (its `copy_[prop] === value` check), where a fold stores what it was given: the
 * two counts are one number to every reader, and the property compares them as one.
 */
function zeroless(value: unknown): unknown {
  if (Object.is(value, -0)) return 0
  if (Array.isArray(value)) return value.map(zeroless)
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, zeroless(v)]))
  return value
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
        const expected = zeroless(reference.root)
        expect(zeroless(lazy.root)).toEqual(expected)
        expect(zeroless(kernel.getState())).toEqual(expected)
        expect(zeroless(kernel.replay())).toEqual(expected)
        kernel.destroy()
      }),
      // A counterexample found: a page count of -0 over the initial 0 (see `zeroless`).
      { numRuns: 150, examples: [[[{ type: 'WALLET_PAGE_LOADED', payload: { page: 0, wallets: [], count: -0 } } as AirlockEvent]]] },
    )
  })
})
