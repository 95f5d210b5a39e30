/**
 * A setup file of the fast tier and the Node group, whose files share their workers' modules and
 * globals (vitest.config.ts FAST_PROJECT and NODE_ISOLATE, `isolate: false`). A file that leaves the timers faked or
 * replaced (vi.useFakeTimers without vi.useRealTimers; a vi.spyOn of the faked setTimeout, which
 * vitest puts back as the fake once the file has ended) made the next file in its worker wait for
 * timers that never fire, and time out far from the cause (walletconnect status.test after
 * observeListScroll.test). Before each file this puts the real ones back, and fails at once naming
 * the file that left them.
 */
import { afterAll, beforeAll, expect } from 'vitest'

const KEY = Symbol.for('airlock.realTimers')
const NAMES = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'Date'] as const
type Timers = Record<(typeof NAMES)[number], unknown>
interface Kept {
  readonly real: Timers
  last?: string
}
const global = globalThis as unknown as Timers & { [KEY]?: Kept }
// The first file's setup runs before any test: what it sees are the real ones.
const kept: Kept = (global[KEY] ??= { real: Object.fromEntries(NAMES.map((name) => [name, global[name]])) as Timers })

const left = NAMES.filter((name) => global[name] !== kept.real[name])
for (const name of left) global[name] = kept.real[name]
if (left.length > 0) {
  const culprit = kept.last ?? 'the previous file in this worker'
  beforeAll(() => {
    throw new Error(`${culprit} left ${left.join(', ')} faked or replaced (put back now): use vi.useRealTimers() in afterEach and no spy on a faked timer.`)
  })
}
afterAll(() => {
  kept.last = expect.getState().testPath
})
