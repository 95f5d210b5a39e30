import { describe, expect, it } from 'vitest'
import { isSolanaAddress } from './solanaAddress'

describe('isSolanaAddress', () => {
  it('accepts base58 public keys of 32 bytes', () => {
    expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true)
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
    expect(isSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true)
  })

  it('rejects strings outside 32–44 base58 characters', () => {
    expect(isSolanaAddress('1111111111111111111111111111111')).toBe(false)
    expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DAz2')).toBe(false)
    expect(isSolanaAddress('0okenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(false)
    expect(isSolanaAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(false)
    expect(isSolanaAddress(null)).toBe(false)
  })

  it('rejects base58 of the right length that is not 32 bytes', () => {
    expect(isSolanaAddress('2'.repeat(32))).toBe(false)
    expect(isSolanaAddress('z'.repeat(44))).toBe(false)
  })
})
