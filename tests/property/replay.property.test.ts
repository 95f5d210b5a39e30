/**
 * Property 1: the log is the truth. For random event sequences through every core module (their
 * effects running, on virtual time), folding the log from the initial state equals the live state,
 * before and after the pending timers fire. And with a small log bound, folding the retained log
 * from the snapshot still equals the live state.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel } from '../../src/kernel/kernel'
import { defaultDeps, memoryStorage } from '../../src/kernel/deps'
import { coreModules } from '../../src/core/modules'
import { createConfigClient } from '../../src/remote/config/client'
import { coreEvents, newCoreKernel } from './coreKernel'
import { MODEL_RUNS, runs } from './settings'

describe('property 1: replay', () => {
  it('folding the log from the initial state equals the live state', () => {
    fc.assert(
      fc.property(coreEvents, (events) => {
        const { kernel, scheduler } = newCoreKernel()
        for (const event of events) kernel.dispatch(event)
        expect(kernel.replay()).toEqual(kernel.getState())
        scheduler.flush()
        expect(kernel.replay()).toEqual(kernel.getState())
        kernel.destroy()
      }),
      runs({ atMost: MODEL_RUNS }),
    )
  })

  it('with a bounded log, folding the retained log from the snapshot equals the live state', () => {
    fc.assert(
      fc.property(coreEvents, fc.integer({ min: 1, max: 12 }), (events, logLimit) => {
        const deps = defaultDeps({
          storage: memoryStorage(),
          fetch: undefined,
          window: undefined,
          scheduler: new VirtualTimeScheduler(),
          logger: { warn() {}, error() {} },
        })
        const config = createConfigClient({ baseUrl: null, projectId: 'property', fetch: undefined, scheduler: deps.scheduler })
        const kernel = createKernel({ modules: coreModules, deps, logLimit, depsFor: (_module, d) => ({ ...d, config }) })
        for (const event of events) kernel.dispatch(event)
        expect(kernel.log().length).toBeLessThanOrEqual(logLimit)
        expect(kernel.replay()).toEqual(kernel.getState())
        kernel.destroy()
      }),
      runs({ atMost: MODEL_RUNS }),
    )
  })
})
