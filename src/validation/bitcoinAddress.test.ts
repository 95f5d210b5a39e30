import { describe, expect, it } from 'vitest'
import { isBitcoinAddress } from './bitcoinAddress'

describe('isBitcoinAddress', () => {
  it('accepts legacy base58 shapes: 1 and 3 on mainnet, m, n and 2 on testnet', () => {
    for (const address of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      'n3GNqMveyvaPvUbH469vDRadqpJMPc84JA',
      '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc',
    ]) {
      expect(isBitcoinAddress(address)).toBe(true)
    }
  })

  it('accepts SegWit bech32 shapes with bc1 and tb1, in one case', () => {
    expect(isBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true)
    expect(isBitcoinAddress('bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297')).toBe(true)
    expect(isBitcoinAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(true)
    expect(isBitcoinAddress('BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe(true)
  })

  it('rejects mixed-case bech32 (BIP-173)', () => {
    expect(isBitcoinAddress('bc1qAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false)
  })

  it('rejects wrong prefixes, characters and lengths', () => {
    for (const bad of [
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      '4BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0',
      '1BvBMSEYs',
      `1${'B'.repeat(35)}`,
      'bc1qb',
      `bc1q${'q'.repeat(71)}`,
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb',
      'ltc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      7,
    ]) {
      expect(isBitcoinAddress(bad)).toBe(false)
    }
  })
})
