/**
 * A sent transfer's receipt polls wait on the injected time (issue 26 §4: one injected clock and
 * retry service): a test sees each wait and moves the clock itself, with no real wait.
 */
import { describe, expect, it } from 'vitest'
import { Subscription, type SchedulerLike } from 'rxjs'
import { landed, RECEIPT_TIMEOUT_MS, sendEvmTransfer } from './transfer'
import { startAnvil } from '../../../services/chain/anvil.mjs'
import { localWallet } from '../../../tests/support/localWallet'
import { defineChain } from '../../core/networks/defineChain'
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

describe('the receipt wait (SPEC §9 "Other durations … 4 min")', () => {
  it('a sent transfer that is never mined is waited for 4 minutes of the instance’s time, then reported as not landed', async () => {
    // A real node that mines nothing: the transaction stays pending, every receipt read says null.
    const anvil = await startAnvil()
    try {
      await fetch(anvil.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_setAutomine', params: [false] }),
      })
      const wallet = localWallet({ rpcUrl: anvil.url, chainId: anvil.chainId })
      // Virtual time: each poll's wait moves the clock by that wait, and ends at once.
      let now = 0
      const scheduler: SchedulerLike = {
        now: () => now,
        schedule(work, delay = 0, state) {
          now += delay
          const subscription = new Subscription()
          queueMicrotask(() => {
            if (!subscription.closed) (work as (state: unknown) => void)(state)
          })
          return subscription
        },
      }
      const reader = {
        request: (method: string, params: readonly unknown[] = []) => wallet.request({ method, params: [...params] }),
        get: () => Promise.reject(new Error('unused')),
        time: { clock: { now: () => now }, scheduler },
      }
      const network = defineChain({
        id: anvil.chainId,
        name: 'Anvil',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [anvil.url] } },
      })
      const error = await sendEvmTransfer(wallet, {
        from: wallet.address,
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        amount: 1n,
        network,
        reader,
      }).catch((e: unknown) => e)
      expect(error).toMatchObject({ message: 'The request took too long to respond', details: expect.stringContaining('not mined within 240 s') })
      // It gave up within one poll (at most 2 s) of the 4 minutes, not before.
      expect(RECEIPT_TIMEOUT_MS).toBe(4 * 60_000)
      expect(now).toBeGreaterThan(RECEIPT_TIMEOUT_MS - 2_000)
      expect(now).toBeLessThanOrEqual(RECEIPT_TIMEOUT_MS)
    } finally {
      await anvil.stop()
    }
  })
})
