/**
 * Each instance's injected time (its `deps.clock` and `deps.scheduler`), by the instance's state
 * stream (`state$`, which a copy of the instance, `{ ...airlock }`, keeps): the views of its modal
 * and plugins tell and wait time on the same clock as its effects, a test's virtual time rather
 * than the wall clock (`useNow`, `useTime` in airlock/plugin). `createAirlock` records it.
 */
import type { Time } from './retry'

export const instanceTimes = new WeakMap<object, Time>()
