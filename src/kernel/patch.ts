/**
 * Structural updates for a module's plain `fold` (issue 27 §1): what an Immer draft's assignments
 * give, without the draft. A value assigned equal to the one there (`Object.is`) is no change, so
 * a fold that sets what is already set returns the same reference, as `produce` does.
 */

/**
 * `target` with `changes` assigned: the same reference when each is already there and equal,
 * else a shallow copy with them.
 *
 * ```ts
 * patch({ a: 1, b: 2 }, { a: 1 }) // the same object
 * patch({ a: 1, b: 2 }, { a: 3 }) // { a: 3, b: 2 }
 * ```
 */
export function patch<T extends object>(target: T, changes: Partial<T>): T {
  for (const key in changes) {
    if (!(key in target) || !Object.is(target[key], changes[key])) return { ...target, ...changes }
  }
  return target
}

/**
 * `record` with `record[key]` replaced by `update(record[key])`: the same reference when the
 * update returns the value it was given.
 *
 * ```ts
 * patchAt({ eip155: { n: 1 } }, 'eip155', (r) => patch(r, { n: 2 })) // { eip155: { n: 2 } }
 * ```
 */
export function patchAt<R extends object, K extends keyof R>(record: R, key: K, update: (value: R[K]) => R[K]): R {
  const value = record[key]
  const next = update(value)
  if (next === value) return record
  const copy = { ...record }
  copy[key] = next
  return copy
}

/**
 * `target` without `key`: the same reference when it has no such key (as `delete` on a draft
 * changes nothing then), else a shallow copy without it.
 *
 * ```ts
 * withoutKey({ a: 1, b: 2 }, 'a') // { b: 2 }
 * ```
 */
export function withoutKey<T extends object>(target: T, key: keyof T): T {
  if (!(key in target)) return target
  const copy = { ...target }
  delete copy[key]
  return copy
}
