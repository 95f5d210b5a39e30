/**
 * The result of a check that must never throw: parsers at a boundary (postMessage, storage, remote
 * configuration) get untrusted input, and a thrown error there would escape the effect that called
 * them. Callers branch on `ok` and the compiler narrows to `value` or `error`.
 */
export type Result<T, E = string> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E }

/**
 * Build a successful result.
 *
 * ```ts
 * const result: Result<number> = ok(1) // { ok: true, value: 1 }
 * ```
 */
export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value }
}

/**
 * Build a failed result carrying an error (a message, unless the caller chose another type).
 *
 * ```ts
 * const result: Result<number> = fail('expected a number') // { ok: false, error: 'expected a number' }
 * ```
 */
export function fail<E = string>(error: E): Result<never, E> {
  return { ok: false, error }
}
