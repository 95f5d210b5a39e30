import { describe, expect, it } from 'vitest'
import { parseRetryAfter } from './retryAfter'

const now = Date.parse('2026-11-22T12:00:00Z')

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('2', now)).toBe(2000)
    expect(parseRetryAfter('0', now)).toBe(0)
  })
  it('reads an HTTP date, in the future or past', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:00:03 GMT', now)).toBe(3000)
    expect(parseRetryAfter('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0)
  })
  it('ignores anything else', () => {
    for (const value of [null, undefined, '', 'soon', '-1', '1.5', '12abc']) expect(parseRetryAfter(value, now)).toBeUndefined()
  })
})
