import { describe, expect, it } from 'vitest'
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
