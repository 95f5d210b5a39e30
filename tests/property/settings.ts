/**
 * Shared fast-check settings: at least 200 runs for every property (more with FC_RUNS), and the
 * seed and counterexample printed on failure. Use as `fc.assert(property, runs())`. To replay a
 * failure, pass the printed seed and path: `runs({ seed, path })`, and keep it as a regression case.
 */
import type { Parameters } from 'fast-check'

export function runs<T>(overrides: Parameters<T> = {}): Parameters<T> {
  const numRuns = Math.max(200, Number(process.env.FC_RUNS ?? 200))
  return {
    numRuns,
    verbose: 1,
    // fast-check puts the seed in the failure message; print it too, so CI logs keep it.
    reporter: (details) => {
      if (details.failed) {
        console.error(`fast-check failed: seed=${details.seed} path=${details.counterexamplePath ?? ''}`)
        throw new Error(
          `Property failed after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath ?? ''}): ${String(details.errorInstance ?? '')}\nCounterexample: ${JSON.stringify(details.counterexample)}`,
        )
      }
    },
    ...overrides,
  }
}
