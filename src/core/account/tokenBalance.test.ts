import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../../events/account'
import { withoutZeroDecimals } from './tokenBalance'

const token = (symbol: string, decimals: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  value: 0,
  price: 0,
  quantity: { decimals, numeric: '0' },
})

describe('withoutZeroDecimals', () => {
  it('drops items whose decimals are "0" (SPEC §3 token balance, §5)', () => {
    expect(withoutZeroDecimals([token('A', '0'), token('B', '18'), token('C', '0')]).map((t) => t.symbol)).toEqual(['B'])
  })

  it('keeps decimals that only start with 0 or are empty (SPEC §3: the rule is decimals "0")', () => {
    expect(withoutZeroDecimals([token('A', '00'), token('B', '')]).map((t) => t.symbol)).toEqual(['A', 'B'])
  })

  it('returns the same list when nothing is dropped (stable references)', () => {
    const list = [token('A', '6')]
    expect(withoutZeroDecimals(list)).toBe(list)
  })
})
