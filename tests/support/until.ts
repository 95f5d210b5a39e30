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
