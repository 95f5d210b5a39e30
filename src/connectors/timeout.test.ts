import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { AirlockError } from '../kernel/errors'
import { DisconnectFailedError } from '../kernel/errors/connection'
import { DISCONNECT_TIMEOUT_MS, withTimeout } from './timeout'

/** Let promise callbacks run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

describe('withTimeout', () => {
  it('the disconnect wait is 3 s (SPEC §4 "Disconnect gives up waiting after 3 s", §9 sign-out wait)', () => {
    expect(DISCONNECT_TIMEOUT_MS).toBe(3000)
  })

  it('rejects with "Failed to disconnect", code INTERNAL_SDK_ERROR, after exactly 3 s (SPEC §4, §8)', async () => {
    const scheduler = new VirtualTimeScheduler()
    let outcome: unknown = 'pending'
    withTimeout(new Promise<never>(() => {}), DISCONNECT_TIMEOUT_MS, scheduler).then(
      () => (outcome = 'resolved'),
      (error: unknown) => (outcome = error),
    )
    scheduler.maxFrames = DISCONNECT_TIMEOUT_MS - 1
    scheduler.flush()
    await settle()
    expect(outcome).toBe('pending')
    scheduler.maxFrames = Number.POSITIVE_INFINITY
    scheduler.flush()
    await settle()
    expect(scheduler.frame).toBe(3000)
    expect(outcome).toBeInstanceOf(AirlockError)
    expect(outcome).toBeInstanceOf(DisconnectFailedError)
    const error = outcome as AirlockError
    expect(error.name).toBe('DisconnectFailedError')
    expect(error.message).toBe('Failed to disconnect')
    expect(error.code).toBe('INTERNAL_SDK_ERROR')
    expect(error.category).toBe('INTERNAL_SDK_ERROR')
  })

  it('a wallet that answers in time wins and the timer is cancelled (SPEC §4)', async () => {
    const scheduler = new VirtualTimeScheduler()
    let answer: (value: string) => void = () => {}
    const result = withTimeout(new Promise<string>((resolve) => (answer = resolve)), DISCONNECT_TIMEOUT_MS, scheduler)
    scheduler.maxFrames = 2999
    scheduler.flush()
    answer('done')
    await expect(result).resolves.toBe('done')
    // Nothing is left to fire at 3 s.
    scheduler.maxFrames = Number.POSITIVE_INFINITY
    scheduler.flush()
    expect(scheduler.frame).toBe(0)
  })

  it('a wallet error passes through unchanged, for the command to wrap (SPEC §8)', async () => {
    const scheduler = new VirtualTimeScheduler()
    const cause = new Error('wallet said no')
    await expect(withTimeout(Promise.reject(cause), DISCONNECT_TIMEOUT_MS, scheduler)).rejects.toBe(cause)
  })
})
