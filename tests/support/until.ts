/**
 * Wait, in real time, until `done()` holds (polled every 20 ms); throws "timed out" after `ms`.
 * For tests against real servers and chains, where no virtual clock can be advanced.
 *
 * ```ts
 * await until(() => selectTokensView(airlock.getState()).status === 'ready')
 * ```
 */
export async function until(done: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
