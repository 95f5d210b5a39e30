/**
 * Hostile input for the boundary fuzz tests (issue 27 §2): what another window, a wallet, a page
 * script, a server or an old version of storage may hand a boundary. Values of every kind
 * (fast-check's `anything` with its exotic options), huge strings, objects keyed `__proto__`,
 * `constructor` and `prototype` (as JSON.parse makes them: own properties, not the prototype),
 * objects whose getters throw and Proxies that throw on every trap, and mutations of a valid value:
 * a field dropped, a field given a wrong-typed or hostile value, a prototype key added, the whole
 * value replaced.
 */
import fc from 'fast-check'
import { anything } from '../property/arbitraries'

/** Values of every kind fast-check makes (tests/property/arbitraries.ts). */
export { anything }

/** The keys that change an object's prototype or shadow its methods when read carelessly. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'then'] as const

/** A string far over any field's limit: 64 KiB to 1 MiB of one character or a repeated pattern. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', '0', 'é', '\u0000', '%', '0x', '<script>', '😀'), fc.integer({ min: 64 * 1024, max: 1024 * 1024 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)))

/** An object with a prototype key as its own property (what `JSON.parse('{"__proto__": …}')` gives). */
export const prototypeKeyed: fc.Arbitrary<unknown> = fc
  .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.jsonValue({ maxDepth: 2 }))
  .map(([key, value]) => JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(value)}}`) as unknown)

/** What a trap throws (an Error, so that a failure shows where it was read). */
export class TrapError extends Error {
  override name = 'TrapError'
}

/** An object whose `key` getter throws, or a Proxy whose get, ownKeys, getOwnPropertyDescriptor and getPrototypeOf traps throw. */
export const trap: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 8 }).map((key) =>
    Object.defineProperty({}, key === '' ? 'x' : key, {
      enumerable: true,
      get() {
        throw new TrapError('a hostile getter was read')
      },
    }),
  ),
  fc.constant(null).map(
    () =>
      new Proxy(
        {},
        {
          get: () => {
            throw new TrapError('a hostile getter was read')
          },
          // `in` answers (false): fast-check asks `cloneMethod in value` of every value it generates.
          has: () => false,
          ownKeys: () => {
            throw new TrapError('a hostile getter was read')
          },
          getOwnPropertyDescriptor: () => {
            throw new TrapError('a hostile getter was read')
          },
          getPrototypeOf: () => {
            throw new TrapError('a hostile getter was read')
          },
        },
      ),
  ),
)

/** A value of the wrong type for any field: each JSON kind, and a few that JSON has not. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, ''),
)

/** Anything hostile, with no valid value to start from. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: anything },
  { weight: 2, arbitrary: wrongType },
  { weight: 1, arbitrary: prototypeKeyed },
  { weight: 1, arbitrary: hugeString },
)

/** `hostile`, and objects that throw when read (what a page script may hand a listener; never what postMessage or JSON carries). */
export const hostileWithTraps: fc.Arbitrary<unknown> = fc.oneof({ weight: 8, arbitrary: hostile }, { weight: 1, arbitrary: trap })

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Mutations of a valid value, at any depth: a field dropped, set to a wrong-typed or hostile value,
 * a prototype key added (as JSON.parse adds it), an array entry replaced, or the whole replaced.
 */
export function mutated(valid: fc.Arbitrary<unknown>, value: fc.Arbitrary<unknown> = hostile): fc.Arbitrary<unknown> {
  const at = (target: unknown, path: number[], change: (parent: Record<string, unknown> | unknown[], key: string | number) => void): unknown => {
    if (Array.isArray(target)) {
      if (target.length === 0) return target
      const copy = [...target]
      const i = path[0]! % copy.length
      if (path.length <= 1) change(copy, i)
      else copy[i] = at(copy[i], path.slice(1), change)
      return copy
    }
    if (isRecord(target)) {
      const keys = Object.keys(target)
      if (keys.length === 0) return target
      const copy = { ...target }
      const key = keys[path[0]! % keys.length]!
      if (path.length <= 1 || !(isRecord(copy[key]) || Array.isArray(copy[key]))) change(copy, key)
      else copy[key] = at(copy[key], path.slice(1), change)
      return copy
    }
    return target
  }
  const path = fc.array(fc.nat(), { minLength: 1, maxLength: 4 })
  return fc.oneof(
    fc.tuple(valid, path).map(([v, p]) =>
      at(v, p, (parent, key) => {
        if (Array.isArray(parent)) parent.splice(key as number, 1)
        else delete parent[key as string]
      }),
    ),
    fc.tuple(valid, path, value).map(([v, p, x]) =>
      at(v, p, (parent, key) => {
        ;(parent as Record<string | number, unknown>)[key] = x
      }),
    ),
    fc
      .tuple(valid, fc.constantFrom(...PROTOTYPE_KEYS), fc.jsonValue({ maxDepth: 2 }))
      // A computed key makes an own property, as JSON.parse does; `{ __proto__: x }` would set the prototype.
      .map(([v, key, x]) => (isRecord(v) ? { ...v, [key]: x } : v)),
    value,
  )
}
