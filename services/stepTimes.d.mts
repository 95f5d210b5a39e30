/** One step of a start-up: when it started (ms after the first step) and how long it took. */
export interface StepTime {
  step: string
  startMs: number
  ms: number
}
/** Runs `fn()` and records how long it took under `name` in `times` (if given). */
export function timed<T>(times: StepTime[] | undefined, name: string, fn: () => T | Promise<T>): Promise<T>
