/**
 * A request's time-out runs on the instance's scheduler (issue 26 §4: one injected clock), so a
 * test's virtual time fires it and the wall clock does not.
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import * as t from 'io-ts'
import { timedAbort } from './timedAbort'
import { fetchJson } from './fetchJson'

describe('timedAbort', () => {
  it('fires after its time on the given scheduler, not before, and not on the wall clock', async () => {
    const scheduler = new VirtualTimeScheduler(undefined, 9_999)
    const abort = timedAbort(10_000, undefined, scheduler)
    scheduler.flush()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect([abort.signal.aborted, abort.timedOut()]).toEqual([false, false])
    scheduler.maxFrames = 10_000
    scheduler.flush()
    expect([abort.signal.aborted, abort.timedOut()]).toEqual([true, true])
  })

  it('the caller’s abort is not a time-out, and dispose clears the timer', () => {
    const scheduler = new VirtualTimeScheduler()
    const caller = new AbortController()
    const abort = timedAbort(10_000, caller.signal, scheduler)
    caller.abort()
    expect([abort.signal.aborted, abort.timedOut()]).toEqual([true, false])
    const idle = timedAbort(10_000, undefined, scheduler)
    idle.dispose()
    scheduler.flush()
    expect([idle.signal.aborted, idle.timedOut()]).toEqual([false, false])
  })
})

describe('fetchJson on a scheduler', () => {
  it('gives up with "The request took too long to respond" when the scheduler’s time runs out', async () => {
    const scheduler = new VirtualTimeScheduler()
    const hang: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
    const answer = fetchJson(hang, 'http://127.0.0.1/x', t.type({}), { timeoutMs: 10_000, scheduler })
    const settled = answer.then(
      () => 'answered',
      (error: Error) => error.message,
    )
    scheduler.flush()
    // Settled by the scheduler's time alone: no wall-clock time-out is waited for.
    const real = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 200))
    expect(await Promise.race([settled, real])).toBe('The request took too long to respond')
  })
})
