import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler, defer, lastValueFrom, throwError } from 'rxjs'
import { AirlockError } from '../../kernel/errors'
import { RETRYABLE_CONFIG_STATUS, isRetryable, trackUnreachable, withRetry } from './retry'

describe('which config-API failures are tried again (SPEC §9 retry)', () => {
  it('an unreachable service, 408, 429 and 5xx; not other statuses, bad bodies or time-outs', () => {
    expect(RETRYABLE_CONFIG_STATUS).toEqual([408, 429, 500, 502, 503, 504])
    expect(isRetryable(new AirlockError('HTTP request failed'), true)).toBe(true)
    for (const code of RETRYABLE_CONFIG_STATUS) expect(isRetryable(new AirlockError(`HTTP status code: ${code}`, { code }), false)).toBe(true)
    for (const code of [400, 401, 403, 404]) expect(isRetryable(new AirlockError(`HTTP status code: ${code}`, { code }), false)).toBe(false)
    expect(isRetryable(new AirlockError('HTTP request failed', { details: 'The body is not JSON' }), false)).toBe(false)
    expect(isRetryable(new AirlockError('The request took too long to respond'), false)).toBe(false)
  })

  it('tells a request that could not be made from one that was aborted', async () => {
    const refused = trackUnreachable(() => Promise.reject(new TypeError('Failed to fetch')))
    await refused.fetch?.('http://127.0.0.1:9/').catch(() => undefined)
    expect(refused.unreachable()).toBe(true)
    const controller = new AbortController()
    controller.abort()
    const aborted = trackUnreachable(() => Promise.reject(new DOMException('aborted', 'AbortError')))
    await aborted.fetch?.('http://127.0.0.1:9/', { signal: controller.signal }).catch(() => undefined)
    expect(aborted.unreachable()).toBe(false)
    expect(trackUnreachable(undefined).fetch).toBeUndefined()
  })

  it('makes 3 tries in all, 150 ms then 300 ms apart on the scheduler', async () => {
    const scheduler = new VirtualTimeScheduler()
    const at: number[] = []
    const down: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'))
    const attempt = (fetchOnce: typeof fetch | undefined) =>
      defer(async () => {
        at.push(scheduler.now())
        await fetchOnce?.('http://127.0.0.1:9/')
        return 'never'
      })
    const result = lastValueFrom(withRetry(scheduler, down, attempt)).catch((e: unknown) => e)
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0))
      scheduler.flush()
    }
    expect(await result).toBeInstanceOf(TypeError)
    expect(at).toEqual([0, 150, 450])
    const once: number[] = []
    const refused = () => defer(() => (once.push(1), throwError(() => new AirlockError('HTTP status code: 401', { code: 401 }))))
    await expect(lastValueFrom(withRetry(scheduler, down, refused))).rejects.toThrow('HTTP status code: 401')
    expect(once).toHaveLength(1)
  })
})
