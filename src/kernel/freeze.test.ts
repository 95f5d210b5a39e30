import { describe, expect, it, vi } from 'vitest'
import { freezeSlice } from './freeze'

describe('freezeSlice', () => {
  it("freezes an array's items and an object's keys deeply, a null-prototype object too", () => {
    const bare: Record<string, unknown> = Object.create(null)
    bare.inner = { deep: [1, { x: 2 }] }
    const slice = freezeSlice({ list: [{ a: 1 }, [{ b: 2 }]], bare })
    expect(Object.isFrozen(slice.list[0])).toBe(true)
    expect(Object.isFrozen((slice.list[1] as { b: number }[])[0])).toBe(true)
    const inner = bare.inner as { deep: [number, { x: number }] }
    expect(Object.isFrozen(inner.deep[1])).toBe(true)
  })

  it('stops at what is frozen already: only what a fold made new is walked (as Immer freezes)', () => {
    const shared = Object.freeze({ kept: { unfrozen: true } })
    freezeSlice({ shared, fresh: { n: 1 } })
    expect(Object.isFrozen(shared.kept)).toBe(false)
  })
})

describe('freezing in development only (issue 27 §1)', () => {
  it('a production build (NODE_ENV "production") leaves what folds return unfrozen; development freezes it', async () => {
    const slices = async (env: string) => {
      vi.stubEnv('NODE_ENV', env)
      vi.resetModules()
      try {
        const { createKernel } = await import('./kernel')
        const { defaultDeps, memoryStorage } = await import('./deps')
        const tally = { id: 'tally', initialState: { seen: [] as number[] }, fold: (s: { seen: number[] }) => ({ seen: [...s.seen, 1] }) }
        const kernel = createKernel({ modules: [tally], deps: defaultDeps({ storage: memoryStorage() }) })
        const initial = kernel.getState().tally as { seen: number[] }
        kernel.dispatch({ type: 'PLUGIN_LOADED', payload: { id: 'x' } })
        const after = kernel.getState().tally as { seen: number[] }
        return [Object.isFrozen(initial.seen), Object.isFrozen(after), Object.isFrozen(after.seen)]
      } finally {
        vi.unstubAllEnvs()
        vi.resetModules()
      }
    }
    expect(await slices('production')).toEqual([false, false, false])
    expect(await slices('development')).toEqual([true, true, true])
  })
})
