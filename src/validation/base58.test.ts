import { describe, expect, it } from 'vitest'
import { decodeBase58 } from './base58'

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
