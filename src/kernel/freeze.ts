/**
 * Deep freezing of state slices, without Immer (issue 27 §1: the kernel's entry carries no Immer).
 * Slices are frozen as `produce` froze them: a view or an effect that writes into the state throws
 * in strict mode instead of changing what every other reader sees. Kept in production too: it walks
 * only what a fold made new (it stops at what is frozen already), and a reducer that shares a
 * payload's object with the state relies on that object no longer changing.
 */

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
