import { describe, expect, it } from 'vitest'
import { evmAddressError, isEvmAddress } from './evmAddress'

// EIP-55's own test vectors.
const CHECKSUMMED = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
]
// One letter's case flipped: still mixed case, checksum broken.
const BROKEN = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'

describe('isEvmAddress', () => {
  it('accepts 0x followed by 40 hex digits in lower case (SPEC §5)', () => {
    expect(isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true)
  })

  it('rejects anything but 0x followed by 40 hex digits (SPEC §5)', () => {
    for (const bad of [
      '0x123',
      '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      '0X5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae',
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaedd',
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg',
      ' 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      42,
      undefined,
    ]) {
      expect(isEvmAddress(bad)).toBe(false)
      expect(isEvmAddress(bad, { strict: false })).toBe(false)
    }
    expect(evmAddressError('0x123')).toBe('Address must be 0x followed by 40 hex digits')
  })

  it('accepts mixed-case addresses with a valid EIP-55 checksum when strict (SPEC §5)', () => {
    for (const address of CHECKSUMMED) expect(isEvmAddress(address)).toBe(true)
  })

  it('rejects a mixed-case address with a broken checksum when strict (SPEC §5)', () => {
    expect(isEvmAddress(BROKEN)).toBe(false)
    expect(isEvmAddress(BROKEN, { strict: true })).toBe(false)
    expect(evmAddressError(BROKEN)).toBe('Address checksum (EIP-55) does not match')
  })

  it('skips the checksum when strict checking is off (SPEC §5)', () => {
    expect(isEvmAddress(BROKEN, { strict: false })).toBe(true)
  })

  it('skips the checksum for single-case addresses, which carry none (SPEC §5)', () => {
    expect(isEvmAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true)
    expect(isEvmAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(true)
    expect(isEvmAddress('0x0000000000000000000000000000000000000000')).toBe(true)
  })
})
