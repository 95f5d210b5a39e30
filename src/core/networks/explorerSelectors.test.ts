import { describe, expect, it } from 'vitest'
import { addressExplorerUrl } from './explorerSelectors'

const on = (url: string) => ({ blockExplorers: { default: { name: 'x', url } } })

describe('addressExplorerUrl (SPEC §3 addressExplorerUrl)', () => {
  it('adds /address/<address> to the explorer path', () => {
    expect(addressExplorerUrl(on('https://etherscan.io'), '0xabc')).toBe('https://etherscan.io/address/0xabc')
    expect(addressExplorerUrl(on('https://mempool.space/testnet/'), 'tb1q')).toBe('https://mempool.space/testnet/address/tb1q')
  })

  it('keeps the query of the explorer URL (the Solana explorer on a custom cluster)', () => {
    const url = addressExplorerUrl(on('https://explorer.solana.com?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899'), 'Hq4')
    expect(url).toBe('https://explorer.solana.com/address/Hq4?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899')
  })

  it('gives no link for a network without an explorer, a non-https one, or an http one off this machine', () => {
    expect(addressExplorerUrl({}, '0xabc')).toBeNull()
    expect(addressExplorerUrl(on('javascript:alert(1)'), '0xabc')).toBeNull()
    expect(addressExplorerUrl(on('http://example.com'), '0xabc')).toBeNull()
    expect(addressExplorerUrl(on('not a url'), '0xabc')).toBeNull()
    expect(addressExplorerUrl(on('http://127.0.0.1:3002'), 'bcrt1q')).toBe('http://127.0.0.1:3002/address/bcrt1q')
  })

  it('escapes the address in the path', () => {
    expect(addressExplorerUrl(on('https://x.io'), 'a/b?c')).toBe('https://x.io/address/a%2Fb%3Fc')
  })
})
