import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { base58MaxLength, decodeBase58, encodeBase58 } from './base58'

describe('decodeBase58', () => {
  it('decodes to the bytes the string stands for', () => {
    expect(decodeBase58('2g')).toEqual(Uint8Array.from([0x61]))
    expect(decodeBase58('StV1DL6CwTryKyV')).toEqual(new TextEncoder().encode('hello world'))
  })

  it('keeps one zero byte for each leading 1', () => {
    expect(decodeBase58('11')).toEqual(Uint8Array.from([0, 0]))
    expect(decodeBase58('112g')).toEqual(Uint8Array.from([0, 0, 0x61]))
    expect(decodeBase58('')).toEqual(new Uint8Array())
  })

  it('rejects characters outside the base58 alphabet (0, O, I, l)', () => {
    for (const bad of ['0', 'O', 'I', 'l', '2g+']) expect(decodeBase58(bad)).toBeUndefined()
  })
})

describe('encodeBase58', () => {
  it('encodes the number the bytes stand for, one 1 per leading zero byte', () => {
    expect(encodeBase58(Uint8Array.from([0x61]))).toBe('2g')
    expect(encodeBase58(new TextEncoder().encode('hello world'))).toBe('StV1DL6CwTryKyV')
    expect(encodeBase58(Uint8Array.from([0, 0, 0x61]))).toBe('112g')
    expect(encodeBase58(new Uint8Array(32))).toBe('1'.repeat(32))
    expect(encodeBase58(new Uint8Array())).toBe('')
  })
})

describe('base58MaxLength', () => {
  it('no string of n bytes is longer: the rule a length check before decoding relies on', () => {
    expect(base58MaxLength(32)).toBe(44)
    expect(base58MaxLength(64)).toBe(88)
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        expect(encodeBase58(bytes).length).toBeLessThanOrEqual(base58MaxLength(bytes.length))
      }),
    )
    // The longest: all bytes 0xff, and a leading zero byte (one `1`) before the rest.
    expect(encodeBase58(new Uint8Array(64).fill(0xff))).toHaveLength(88)
    expect(encodeBase58(Uint8Array.from([0, ...new Uint8Array(63).fill(0xff)])).length).toBeLessThanOrEqual(88)
  })
})
