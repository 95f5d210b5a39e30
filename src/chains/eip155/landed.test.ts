/**
 * A sent transfer's receipt polls wait on the injected time (issue 26 §4: one injected clock and
 * retry service): a test sees each wait and moves the clock itself, with no real wait.
 */
import { describe, expect, it } from 'vitest'
import { landed } from './transfer'
import { recordingScheduler } from '../../../tests/support/recordingScheduler'

/** A node whose receipt is missing for `misses` reads, then mined with `status`. */
function node(misses: number, status = '0x1') {
  let reads = 0
  return async () => (reads++ < misses ? null : { status })
}

describe('landed', () => {
  it('polls on the given scheduler, 250 ms then 1.5 times longer, until the receipt is mined', async () => {
    const waits: number[] = []
    await landed(node(3), '0xabc', 60_000, { clock: { now: () => 0 }, scheduler: recordingScheduler(waits) })
    expect(waits).toEqual([250, 375, 563])
  })

  it("times out by the given clock, not the wall clock's", async () => {
    const waits: number[] = []
    let now = 0
    // Each reading of the clock moves it 40 s: the deadline is 100 s, the first poll at 80 s waits, the second at 120 s gives up.
    const clock = { now: () => (now += 40_000) }
    const error = await landed(node(100), '0xabc', 60_000, { clock, scheduler: recordingScheduler(waits) }).catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'The request took too long to respond' })
    expect(waits).toEqual([250])
  })
})
