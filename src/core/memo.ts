/**
 * Memoise a derivation on the references it reads: the same inputs (by `Object.is`) give the same
 * output reference, so a derived selector is stable for `useSyncExternalStore`.
 *
 * ```ts
 * const selectNames = memoOn((s: RootState) => [s.connectors.connectors], (connectors) => connectors.map((c) => c.name))
 * selectNames(state) === selectNames(state) // true
 * ```
 */
export function memoOn<S, const I extends readonly unknown[], R>(inputs: (state: S) => I, derive: (...inputs: I) => R): (state: S) => R {
  let last: { readonly inputs: I; readonly output: R } | undefined
  return (state) => {
    const next = inputs(state)
    if (last && last.inputs.length === next.length && last.inputs.every((value, i) => Object.is(value, next[i]))) return last.output
    const output = derive(...next)
    last = { inputs: next, output }
    return output
  }
}
