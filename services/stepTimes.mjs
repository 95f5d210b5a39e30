// Where a stack's start-up spends its time: `timed(times, name, fn)` runs `fn` and, when `times` is
// an array, adds `{ step, startMs, ms }` to it (milliseconds from the array's first use). Without an
// array it only runs `fn`. bench/stack/run.mjs passes one to startDemoStack.
import { performance } from 'node:perf_hooks'

const origins = new WeakMap()

/** Runs `fn()` and records how long it took under `name` in `times` (if given). */
export async function timed(times, name, fn) {
  if (!Array.isArray(times)) return fn()
  if (!origins.has(times)) origins.set(times, performance.now())
  const start = performance.now()
  try {
    return await fn()
  } finally {
    const end = performance.now()
    times.push({ step: name, startMs: start - origins.get(times), ms: end - start })
  }
}
