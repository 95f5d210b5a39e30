/**
 * Shared fast-check settings, the one place every property of the repository takes its size from
 * (issue 27 §2): the test command runs CI_RUNS cases per property; `npm run fuzz` sets
 * FC_RUNS=10000 and runs the property and fuzz files at that size (FC_RUNS below CI_RUNS is
 * ignored). Use as `fc.assert(property, runs())`; the seed and counterexample are printed on
 * failure. To replay a failure, pass the printed seed and path: `runs({ seed, path })`, and keep it
 * as a regression case.
 *
 * A boundary whose single case is costly (a server round trip, a whole instance started) runs a
 * fraction in the test command and the full size under `npm run fuzz`: `runs({ ciScale: 0.25 })` is
 * 50 cases, then 10,000. A costly property that is no boundary takes a fraction at every size:
 * `runs({ scale: 0.1 })` (a React render: 20, then 1,000), or a ceiling, `runs({ atMost: MODEL_RUNS })`
 * (a model or a replay of many commands per case). No file sets `numRuns` itself.
 */
import type { Parameters } from 'fast-check'

/** Cases per property in the test command. */
export const CI_RUNS = 200
/** Cases per property under `npm run fuzz` (package.json sets FC_RUNS to it). */
export const FUZZ_RUNS = 10_000

/** The ceiling of a property that is no boundary and whose every case is a long run (a model, a replay): `runs({ atMost: MODEL_RUNS })`. */
export const MODEL_RUNS = 1_000

/** The size every property starts from: FC_RUNS when set above CI_RUNS, else CI_RUNS. */
export function baseRuns(): number {
  const asked = Number(process.env.FC_RUNS ?? CI_RUNS)
  return Number.isFinite(asked) ? Math.max(CI_RUNS, Math.floor(asked)) : CI_RUNS
}

export type RunSettings<T> = Omit<Parameters<T>, 'numRuns'> & {
  /** A fraction (or multiple) of the base size, for a property whose cases cost more (default 1). */
  readonly scale?: number
  /**
   * A fraction of the size in the test command only: a boundary whose cases are costly (a server
   * round trip, a whole instance started) runs fewer there and the full FUZZ_RUNS under `npm run fuzz`.
   */
  readonly ciScale?: number
  /** A ceiling, for a model run of many commands per case that is not a boundary (the router's model). */
  readonly atMost?: number
}

/** A counterexample for the log: huge strings (the fuzz tests make 1 MiB ones) cut short. */
function shortJson(value: unknown): string {
  let text: string
  try {
    text = JSON.stringify(value, (_key, v: unknown) =>
      typeof v === 'bigint' ? `${v}n` : typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}…(${v.length} chars)` : v,
    )
  } catch {
    // A hostile value (tests/fuzz/hostile.ts `trap`) may throw however it is read.
    try {
      text = String(value)
    } catch {
      text = '(a value that throws when read)'
    }
  }
  text ??= 'undefined'
  return text.length > 4000 ? `${text.slice(0, 4000)}…` : text
}

function shortText(value: unknown): string {
  try {
    return String(value ?? '')
  } catch {
    return '(an error that throws when read)'
  }
}

/**
 * A test's time-out for a property of `parameters.numRuns` cases of at most `msPerCase` each on a
 * busy machine, never under `floorMs` (`npm run fuzz` also lifts vitest's default with --testTimeout).
 *
 * ```ts
 * const RUNS = runs({ ciScale: 0.75 })
 * it('…', async () => fc.assert(property, RUNS), timeoutFor(RUNS, 50))
 * ```
 */
export function timeoutFor(parameters: { readonly numRuns?: number }, msPerCase: number, floorMs = 120_000): number {
  return Math.max(floorMs, (parameters.numRuns ?? CI_RUNS) * msPerCase)
}

export function runs<T>(overrides: RunSettings<T> = {}): Parameters<T> {
  const { scale = 1, ciScale = 1, atMost = Number.POSITIVE_INFINITY, ...rest } = overrides
  const base = baseRuns()
  const numRuns = Math.min(atMost, Math.max(1, Math.ceil(base * scale * (base === CI_RUNS ? ciScale : 1))))
  return {
    numRuns,
    verbose: 1,
    // fast-check puts the seed in the failure message; print it too, so CI logs keep it.
    reporter: (details) => {
      if (details.failed) {
        console.error(`fast-check failed: seed=${details.seed} path=${details.counterexamplePath ?? ''}`)
        throw new Error(
          `Property failed after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath ?? ''}): ${shortText(details.errorInstance)}\nCounterexample: ${shortJson(details.counterexample)}`,
        )
      }
    },
    ...rest,
  }
}
