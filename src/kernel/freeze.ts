/**
 * Deep freezing of state slices, without Immer (issue 27 §1: the kernel's entry carries no Immer).
 * In development slices are frozen as `produce` froze them: a view, an effect or a fold that writes
 * into the state throws in strict mode instead of changing what every other reader sees. A
 * production build does not freeze (issue 27 §1: without the freeze of each new object, and with
 * the folds' copies of unfrozen objects being cheaper, the kernel's replay ran 1.46× faster and its
 * dispatch 1.07×): the state is immutable by contract, which development enforces and
 * tests/property/foldPurity.property.test.ts checks for every core fold (none writes into the
 * slice, the root or the event it is given). In production a payload object a fold keeps in the
 * state is not frozen either: whoever dispatched it must not change it afterwards.
 */

/**
 * Whether the kernel freezes what folds return: yes unless `process.env.NODE_ENV` is "production"
 * (as a bundler replaces it in a site's production build); no where there is no `process` at all
 * (a page loading the library unbundled).
 */
export const freezing: boolean = (() => {
  try {
    return process.env.NODE_ENV !== 'production'
  } catch {
    return false
  }
})()

/** A plain object or an array: what Immer drafts and freezes (not a Map, a class instance, a typed array). */
function isFreezable(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return false
  if (Array.isArray(value)) return true
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * Freeze `value` and, deeply, the plain objects and arrays it holds; a frozen one is left as it is
 * with what it holds (as Immer's `freeze(value, true)` does).
 *
 * ```ts
 * Object.isFrozen(freezeSlice({ a: [1] }).a) // true
 * ```
 */
export function freezeSlice<S>(value: S): S {
  if (!isFreezable(value)) return value
  Object.freeze(value)
  // What Immer's deep freeze walks: an array's items, an object's own enumerable keys. An index
  // loop and `for…in` (V8's cached key list; a plain object's prototype adds no enumerable key),
  // where `Reflect.ownKeys` built a fresh array of every key each call: a third of what an event
  // cost the kernel (issue 27 §1).
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) freezeSlice(value[i])
  else for (const key in value) freezeSlice(value[key])
  return value
}
