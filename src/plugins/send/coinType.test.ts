import { describe, expect, it } from 'vitest'
import { AirlockError } from 'airlock/plugin'
import { evmChainIdToCoinType } from './coinType'

describe('evmChainIdToCoinType', () => {
  it('gives Ethereum mainnet its SLIP-44 coin type 60 (ENSIP-11)', () => {
    expect(evmChainIdToCoinType(1)).toBe(60)
  })

  it('sets the top bit over other chain ids (ENSIP-11)', () => {
    expect(evmChainIdToCoinType(10)).toBe(0x8000000a)
    expect(evmChainIdToCoinType(137)).toBe(2147483785)
    expect(evmChainIdToCoinType(8453)).toBe(0x80002105)
    expect(evmChainIdToCoinType(0)).toBe(0x80000000)
  })

  it('accepts the largest chain id below 2^31 (SPEC §5)', () => {
    expect(evmChainIdToCoinType(2 ** 31 - 1)).toBe(0xffffffff)
  })

  it('rejects a network id of 2^31 or over for coin type (SPEC §5)', () => {
    expect(() => evmChainIdToCoinType(2 ** 31)).toThrow(AirlockError)
    expect(() => evmChainIdToCoinType(2 ** 31)).toThrow('Invalid chain id for coin type')
    expect(() => evmChainIdToCoinType(2 ** 32 + 10)).toThrow(AirlockError)
  })

  it('rejects negative and fractional chain ids', () => {
    expect(() => evmChainIdToCoinType(-1)).toThrow(AirlockError)
    expect(() => evmChainIdToCoinType(1.5)).toThrow(AirlockError)
    expect(() => evmChainIdToCoinType(Number.NaN)).toThrow(AirlockError)
  })
})
