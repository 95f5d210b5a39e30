/**
 * A setup file of every vitest project (vitest.config.ts, vitest.fast.config.ts): `vi.waitFor`'s
 * time-out is read as an idle machine's time, as tests/support/until.ts reads its own, so a
 * condition that holds after a chunk's import or a server's answer is not failed because other work
 * shares the machine. Without a time-out given it is 10 s, not vitest's 1 s: a clock a lazy chunk's
 * first import (transformed on the spot) missed at load 21 and again at 14 s at load 30
 * (createAirlock.test's swap plugin). A condition that never holds still fails; no test waits for
 * one to fail.
 */
import { vi } from 'vitest'
import { machineSlowdown } from './until'

type WaitFor = typeof vi.waitFor
const PATCHED = Symbol.for('airlock.busyMachine')
/** vi.waitFor's limit when a test gives none, on an idle machine. */
const DEFAULT_WAIT_MS = 10_000
const marked = vi as typeof vi & { [PATCHED]?: true }
if (!marked[PATCHED]) {
  marked[PATCHED] = true
  const waitFor: WaitFor = vi.waitFor.bind(vi)
  const stretched: WaitFor = (callback, options) => {
    const given = typeof options === 'number' ? { timeout: options } : (options ?? {})
    return waitFor(callback, { ...given, timeout: (given.timeout ?? DEFAULT_WAIT_MS) * machineSlowdown() })
  }
  vi.waitFor = stretched
}
