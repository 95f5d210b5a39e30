import { describe, expect, it } from 'vitest'
import { parseRetryAfter } from './retryAfter'

const now = Date.parse('2026-10-21T07:28:00Z')

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('2', now)).toBe(2000)
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000)
  })
  it('reads zero as no wait', () => {
    expect(parseRetryAfter('0', now)).toBe(0)
  })
  it('reads an HTTP date in the future as the time until then', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:03 GMT', now)).toBe(3000)
    // The two obsolete forms RFC 9110 still asks recipients to accept.
    expect(parseRetryAfter('Wednesday, 21-Oct-26 07:28:03 GMT', now)).toBe(3000)
    expect(parseRetryAfter('Wed Oct 21 07:28:03 2026', now)).toBe(3000)
  })
  it('reads an HTTP date in the past as no wait', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2026 06:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(0)
  })
  it('ignores garbage', () => {
    for (const value of [null, undefined, '', 'soon', 'soon 5', '1.5', '12abc', '2 seconds', '2026-10-21T07:28:03Z', 'Wed, 21 Oct 2026 07:28:03']) {
      expect(parseRetryAfter(value, now)).toBeUndefined()
    }
  })
  it('ignores a negative delay', () => {
    expect(parseRetryAfter('-1', now)).toBeUndefined()
    expect(parseRetryAfter('-120', now)).toBeUndefined()
  })
})
