import { availableParallelism, loadavg } from 'node:os'

/**
 * How much slower than idle this machine runs now: the 1-minute load average per core, at least 1.
 * A 2-core machine at load 8 gives 4: what takes 2 s idle takes about 8 s there.
 */
export function machineSlowdown(): number {
  return Math.max(1, loadavg()[0]! / availableParallelism())
}

/**
 * Wait, in real time, until `done()` holds (polled every 20 ms); throws "timed out" after `ms` of
 * an idle machine's time. The limit says how long the thing waited for takes at most when nothing
 * else runs; on a busy machine (other work beside the tests) each real millisecond counts as
 * 1 / machineSlowdown() of one, so a slow machine is not taken for a stuck service, and a condition
 * that never holds still fails, with `what` named.
 * For tests against real servers and chains, where no virtual clock can be advanced.
 *
 * ```ts
 * await until(() => selectTokensView(airlock.getState()).status === 'ready')
 * ```
 */
export async function until(done: () => boolean, ms = 15_000, what = 'the condition'): Promise<void> {
  let idleTime = 0
  let last = Date.now()
  while (!done()) {
    const now = Date.now()
    idleTime += (now - last) / machineSlowdown()
    last = now
    if (idleTime > ms) throw new Error(`timed out: ${what} did not hold within ${ms} ms of an idle machine's time`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * A time-out of `ms` on an idle machine, in real milliseconds now: `ms` stretched by the load per core
 * as it is read (machineSlowdown()). For every limit that counts wall time and cannot count an idle
 * machine's as `until` does: a test's or a hook's own time-out (vitest fixes it when the file is
 * collected), a Playwright wait's `timeout`, a child process's. The figure given is what the thing
 * takes at most on an idle machine, with room for a slow run; a limit that never stretched failed
 * identity.test.ts's stack start-up at 60 s while other work ran (issue 27 §5).
 *
 * ```ts
 * beforeAll(startStack, idleMs(120_000))
 * await locator.waitFor({ timeout: idleMs(20_000) })
 * ```
 */
export function idleMs(ms: number): number {
  return Math.round(ms * machineSlowdown())
}

/**
 * Whether a file's tests that mostly wait (a page's load, a sign-in's mail, the relay, a time-out the
 * test asserts), each on a context and an account of its own, run at once (`describe.concurrent`):
 * when the machine has CPU to spare, as vitest.config.ts's BROWSER_WORKERS reads it (at most 2 per
 * core as the file is collected). On a machine loaded by other work it gains nothing and costs much:
 * tests/e2e/complaintDeepLinks.test.ts's six tests at once took 559 s at load 45-50 against 302 s
 * one after another at load 28-34 (the demo stack's services share the test process's one thread).
 * `AIRLOCK_TESTS_AT_ONCE=1` or `0` sets it.
 */
export function testsAtOnce(): boolean {
  const set = process.env.AIRLOCK_TESTS_AT_ONCE
  if (set === '1' || set === '0') return set === '1'
  return machineSlowdown() <= 2
}
