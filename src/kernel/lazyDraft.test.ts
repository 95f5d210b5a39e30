import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { current, freeze, isDraft, original, produce } from 'immer'
import { reduceLazily } from './lazyDraft'
import type { AirlockEvent, RootState } from './registry'

const event = { type: 'PLUGIN_LOADED', payload: { id: 'x' } } as AirlockEvent
const root = {} as RootState
type Reducer = (draft: unknown, event: AirlockEvent, root: RootState) => unknown

/**
 * Both ways: `produce` (what the kernel did) and `reduceLazily` (what it does), each on its own
 * copy of the slice (`produce` freezes the slice it is given), each with what it threw.
 */
function both<S>(slice: S, reduce: Reducer | (() => Reducer), fresh = false) {
  // A reducer program that puts values of its own in the state gets them fresh for each way:
  // `produce` freezes what it puts there.
  const reducer = (): Reducer => (fresh ? (reduce as () => Reducer)() : (reduce as Reducer))
  // In a kernel every slice is frozen (its initial state when the kernel starts, then what Immer
  // made): so are the copies a reducer program runs on.
  const forProduce = fresh ? freeze(structuredClone(slice), true) : structuredClone(slice)
  const forLazy = fresh ? freeze(structuredClone(slice), true) : structuredClone(slice)
  const run = (f: () => unknown) => {
    try {
      return { value: f(), error: undefined }
    } catch (error) {
      return { value: undefined, error: error instanceof Error ? error.message : String(error) }
    }
  }
  return {
    produced: run(() => {
      const r = reducer()
      return produce(forProduce, (draft: unknown) => r(draft, event, root) as never)
    }),
    lazy: run(() => reduceLazily(forLazy, reducer(), event, root)),
    forProduce,
    forLazy,
  }
}

const child = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined)

/** `a` shares with `baseA` the subtrees `b` shares with `baseB` (Immer's structural sharing), frozen alike. */
function sameSharing(a: unknown, b: unknown, baseA: unknown, baseB: unknown): boolean {
  if ((a === baseA && typeof a === 'object') !== (b === baseB && typeof b === 'object')) return false
  if (Object.isFrozen(a) !== Object.isFrozen(b)) return false
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return true
  return Object.keys(a).every((key) => sameSharing(child(a, key), child(b, key), child(baseA, key), child(baseB, key)))
}

describe('reduceLazily', () => {
  it('keeps the slice, unfrozen state untouched, when the reducer ignores the event', () => {
    const slice = { a: { b: 1 } }
    expect(reduceLazily(slice, () => undefined, event, root)).toBe(slice)
    // No Immer draft was made: `produce` would have frozen the slice it was given.
    expect(Object.isFrozen(slice)).toBe(false)
  })

  it('keeps the reference when the reducer only reads, and freezes it as produce does', () => {
    const slice = { list: [1, 2], nested: { x: 'y' } }
    const seen: unknown[] = []
    const result = reduceLazily(
      slice,
      (draft) => {
        const d = draft as typeof slice
        seen.push(d.list.length, d.nested.x, Object.keys(d), 'list' in d, Array.isArray(d.list))
      },
      event,
      root,
    )
    expect(result).toBe(slice)
    expect(seen).toEqual([2, 'y', ['list', 'nested'], true, true])
    expect(Object.isFrozen(slice.nested)).toBe(true)
  })

  it('gives a reducer that changes its draft what produce gives, sharing what did not change', () => {
    const slice = { list: [1, 2], nested: { x: 'y' }, other: { z: 1 }, same: { s: 1 } }
    const reduce: Reducer = (draft) => {
      const d = draft as typeof slice
      d.list.push(3)
      d.nested.x = 'w'
      delete (d as Partial<typeof slice>).other
    }
    const { produced, lazy, forProduce, forLazy } = both(slice, reduce)
    expect(lazy.value).toEqual(produced.value)
    expect(lazy.value).toEqual({ list: [1, 2, 3], nested: { x: 'w' }, same: { s: 1 } })
    expect(Object.isFrozen(lazy.value)).toBe(true)
    expect((lazy.value as typeof slice).same).toBe(forLazy.same)
    expect(forLazy.list).toEqual([1, 2])
    expect(sameSharing(lazy.value, produced.value, forLazy, forProduce)).toBe(true)
  })

  it('takes a new value returned, and refuses a new value after a change, as produce does', () => {
    const slice = { n: 1, keep: { k: 1 } }
    const replaced = both(slice, (draft) => ({ n: 2, keep: (draft as typeof slice).keep }))
    expect(replaced.lazy.value).toEqual(replaced.produced.value)
    expect((replaced.lazy.value as typeof slice).keep).toBe(replaced.forLazy.keep)
    const both2 = both(slice, (draft) => {
      ;(draft as typeof slice).n = 5
      return { n: 3 }
    })
    expect(both2.lazy.error).toBeDefined()
    expect(both2.lazy.error).toBe(both2.produced.error)
    // Returning the draft itself is no new value.
    const self = both(slice, (draft) => {
      ;(draft as typeof slice).n = 7
      return draft
    })
    expect(self.lazy.value).toEqual({ n: 7, keep: { k: 1 } })
    expect(self.lazy.value).toEqual(self.produced.value)
  })

  it("hands out a stand-in Immer's helpers know as a draft", () => {
    const slice = { n: 1 }
    const result = reduceLazily(
      slice,
      (draft) => {
        expect(isDraft(draft)).toBe(true)
        ;(draft as typeof slice).n = 2
        expect(current(draft as typeof slice)).toEqual({ n: 2 })
        expect(original(draft as typeof slice)).toBe(slice)
      },
      event,
      root,
    )
    expect(result).toEqual({ n: 2 })
  })

  it('sends slices that are not plain objects through produce', () => {
    expect(reduceLazily(3, () => 4, event, root)).toBe(4)
    expect(reduceLazily([1], (draft) => void (draft as number[]).push(2), event, root)).toEqual([1, 2])
    expect(reduceLazily(undefined, () => undefined, event, root)).toBeUndefined()
  })

  it('revokes the stand-in when the reducer returns, as produce revokes its draft', () => {
    let kept: { n: number } | undefined
    reduceLazily(
      { n: 1 },
      (draft) => {
        kept = draft as { n: number }
      },
      event,
      root,
    )
    expect(() => kept?.n).toThrow(TypeError)
  })

  /**
   * The rule: for any plain-object slice and any reducer program of reads, writes, deletions and
   * array operations at any depth, and any way of returning, `reduceLazily` gives what `produce`
   * gives: an equal value (or the same error), the same reads along the way, the same subtrees
   * shared with the slice, frozen alike.
   */
  it('property: equals produce for random reducer programs', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.integer(), fc.string({ maxLength: 3 }), fc.boolean(), tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 3 }),
      object: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('value'), { maxKeys: 4 }),
    }))
    const op = fc.record({
      path: fc.array(fc.nat(5), { maxLength: 3 }),
      kind: fc.constantFrom('read', 'keys', 'has', 'set', 'setSame', 'delete', 'push', 'pop', 'splice', 'assignChild'),
      key: fc.constantFrom('a', 'b', 'c', 'e', '0', '1'),
      value: json.value,
    })
    const returning = fc.constantFrom('nothing', 'draft', 'copy', 'fresh')
    fc.assert(
      fc.property(json.object, fc.array(op, { maxLength: 6 }), returning, (base, ops, how) => {
        const reads: string[][] = []
        const program = (): Reducer => (draft) => {
          const trace: string[] = []
          reads.push(trace)
          for (const { path, kind, key, value: shared } of ops) {
            const value: unknown = structuredClone(shared)
            let node = draft as Record<string, unknown>
            for (const step of path) {
              const keys = Object.keys(node)
              const child = keys.length > 0 ? node[keys[step % keys.length] as string] : undefined
              if (typeof child !== 'object' || child === null) break
              node = child as Record<string, unknown>
            }
            const list = Array.isArray(node) ? (node as unknown[]) : undefined
            switch (kind) {
              case 'read':
                trace.push(JSON.stringify(node[key]) ?? 'undefined')
                break
              case 'keys':
                trace.push(Object.keys(node).join(','))
                break
              case 'has':
                trace.push(String(key in node))
                break
              case 'set':
                node[key] = value
                break
              case 'setSame':
                // Assigning what is there already: Immer leaves the draft unmodified.
                // eslint-disable-next-line no-self-assign
                node[key] = node[key]
                break
              case 'delete':
                delete node[key]
                break
              case 'push':
                if (list) list.push(value)
                else node[key] = value
                break
              case 'pop':
                trace.push(JSON.stringify(list?.pop()) ?? 'undefined')
                break
              case 'splice':
                list?.splice(0, 1, value)
                break
              case 'assignChild':
                node[key] = { inner: value }
                break
            }
          }
          if (how === 'draft') return draft
          if (how === 'copy') return { ...(draft as object), copied: true }
          if (how === 'fresh') return { fresh: true }
          return undefined
        }
        const { produced, lazy, forProduce, forLazy } = both(base, program, true)
        expect(lazy.error).toBe(produced.error)
        expect(lazy.value).toEqual(produced.value)
        // Each way ran the reducer once, or twice when it returned a new value (the first time
        // without a draft), each run reading the same.
        expect(new Set(reads.map((trace) => trace.join('|'))).size).toBeLessThanOrEqual(1)
        if (!produced.error) expect(sameSharing(lazy.value, produced.value, forLazy, forProduce)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})
