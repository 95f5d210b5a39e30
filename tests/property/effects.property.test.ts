/**
 * Property 8: an effect that throws never stops another effect. Several modules each run one
 * effect answering TEST_TICK; a random subset fails — by throwing inside the stream on random
 * ticks, by erroring the stream, or by throwing while subscribing. Every healthy effect must
 * answer every tick, and every failure must surface as a MODULE_ERROR tagged with its module and
 * hook.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { filter, map, mergeMap, of, throwError } from 'rxjs'
import { createKernel } from '../../src/kernel/kernel'
import { defineModule } from '../../src/kernel/module'
import { defaultDeps, memoryStorage } from '../../src/kernel/deps'
import type { AirlockEvent } from '../../src/kernel/registry'
import { MODEL_RUNS, runs } from './settings'

type Tick = { type: 'TEST_TICK'; payload: { n: number } }
type Tock = { type: 'TEST_TOCK'; payload: { module: string; n: number } }
declare module 'airlock' {
  interface EventRegistry {
    TEST_TICK: Tick
    TEST_TOCK: Tock
  }
}

type Failure = { kind: 'healthy' } | { kind: 'throwOn'; every: number } | { kind: 'errorOn'; every: number } | { kind: 'subscribe' }

const failure: fc.Arbitrary<Failure> = fc.oneof(
  fc.constant<Failure>({ kind: 'healthy' }),
  fc.integer({ min: 1, max: 4 }).map<Failure>((every) => ({ kind: 'throwOn', every })),
  fc.integer({ min: 1, max: 4 }).map<Failure>((every) => ({ kind: 'errorOn', every })),
  fc.constant<Failure>({ kind: 'subscribe' }),
)

function moduleFor(id: string, how: Failure) {
  return defineModule({
    id,
    initialState: null,
    effects: {
      answer: (events$) => {
        if (how.kind === 'subscribe') throw new Error(`${id} cannot start`)
        return events$.pipe(
          filter((e): e is Tick => e.type === 'TEST_TICK'),
          mergeMap((e) => {
            if (how.kind === 'errorOn' && e.payload.n % how.every === 0) return throwError(() => new Error(`${id} failed`))
            return of(e)
          }),
          map((e): AirlockEvent => {
            if (how.kind === 'throwOn' && e.payload.n % how.every === 0) throw new Error(`${id} threw`)
            return { type: 'TEST_TOCK', payload: { module: id, n: e.payload.n } }
          }),
        )
      },
    },
  })
}

describe('property 8: effect isolation', () => {
  it('a failing effect never stops another effect, and every failure is reported with its module and hook', () => {
    fc.assert(
      fc.property(fc.array(failure, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 25 }), (failures, ticks) => {
        const modules = failures.map((how, i) => moduleFor(`m${i}`, how))
        const kernel = createKernel({ modules, deps: defaultDeps({ storage: memoryStorage() }) })
        for (let n = 1; n <= ticks; n++) kernel.dispatch({ type: 'TEST_TICK', payload: { n } })
        const log = kernel.log()
        failures.forEach((how, i) => {
          const id = `m${i}`
          const answered = log.filter((e) => e.type === 'TEST_TOCK' && e.payload.module === id).map((e) => (e.payload as { n: number }).n)
          const errors = log.filter((e) => e.type === 'MODULE_ERROR' && e.payload.moduleId === id)
          const all = Array.from({ length: ticks }, (_, k) => k + 1)
          if (how.kind === 'healthy') {
            expect(answered).toEqual(all)
            expect(errors).toHaveLength(0)
          } else if (how.kind === 'subscribe') {
            expect(answered).toEqual([])
            expect(errors).toHaveLength(1)
          } else {
            // A failing effect is resubscribed after each failure, so it keeps answering the others.
            expect(answered).toEqual(all.filter((n) => n % how.every !== 0))
            expect(errors).toHaveLength(all.length - answered.length)
          }
          for (const error of errors) expect(error.payload).toMatchObject({ moduleId: id, hook: 'effect:answer', category: 'INTERNAL_SDK_ERROR' })
        })
        kernel.destroy()
      }),
      runs({ atMost: MODEL_RUNS }),
    )
  })
})
