import { describe, expect, it } from 'vitest'
import { typedDataJson } from './typedData'

const mail = {
  domain: { name: 'Airlock', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Mail',
  message: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: 10n ** 20n },
}

describe('typed data for eth_signTypedData_v4', () => {
  it('adds the domain types the caller left out and writes bigints as decimal strings', () => {
    const parsed = JSON.parse(typedDataJson(mail)) as { types: Record<string, unknown>; message: { amount: string }; domain: { name: string } }
    expect(parsed.types.EIP712Domain).toEqual([
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ])
    expect(parsed.domain.name).toBe('Airlock')
    expect(parsed.message.amount).toBe('100000000000000000000')
  })

  it('refuses what is not typed data, and values its types forbid', () => {
    expect(() => typedDataJson({ message: {} })).toThrow('Invalid typed data')
    expect(() => typedDataJson({ ...mail, message: { ...mail.message, to: 'bob' } })).toThrow('Invalid typed data')
  })
})
