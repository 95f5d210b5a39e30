/**
 * The names of Solana chains (issue 25 §2): a site's network by its CAIP-2 id, a public cluster by
 * its Wallet Standard name, and a site's cluster on loopback as the wallet's `solana:localnet`.
 */
import { describe, expect, it } from 'vitest'
import { isLocalCluster, solanaChainNames, walletChainFor } from './chains'

const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const LOCAL = 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K'
const STANDARD = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet']

describe('isLocalCluster', () => {
  it('is an RPC URL on loopback: 127.0.0.1, localhost, [::1], any port and path', () => {
    for (const url of ['http://127.0.0.1:8899', 'http://localhost:8899/', 'https://localhost/rpc', 'http://[::1]:8899', 'ws://127.0.0.1:8900']) {
      expect(isLocalCluster(url), url).toBe(true)
    }
  })

  it('is not a host elsewhere, one that only starts like loopback, or something that is not a URL', () => {
    for (const url of [
      'https://api.devnet.solana.com',
      'http://127.0.0.1.example.com',
      'http://localhost.example.com',
      'http://10.0.0.1:8899',
      'localhost:8899',
      '',
      undefined,
    ]) {
      expect(isLocalCluster(url), String(url)).toBe(false)
    }
  })
})

describe('solanaChainNames / walletChainFor', () => {
  it('a public cluster goes by its id, then its name; a wallet knows it by the first it lists', () => {
    expect(solanaChainNames({ caipNetworkId: MAINNET, rpcUrl: 'https://api.mainnet-beta.solana.com' })).toEqual([MAINNET, 'solana:mainnet'])
    expect(walletChainFor({ caipNetworkId: MAINNET }, STANDARD)).toBe('solana:mainnet')
    expect(walletChainFor({ caipNetworkId: MAINNET }, [MAINNET, 'solana:mainnet'])).toBe(MAINNET)
    expect(walletChainFor({ caipNetworkId: DEVNET }, ['solana:mainnet'])).toBeUndefined()
  })

  it('a cluster on loopback is the wallet’s solana:localnet (issue 25 §2), one elsewhere is not', () => {
    expect(solanaChainNames({ caipNetworkId: LOCAL, rpcUrl: 'http://127.0.0.1:8899' })).toEqual([LOCAL, 'solana:localnet'])
    expect(walletChainFor({ caipNetworkId: LOCAL, rpcUrl: 'http://127.0.0.1:8899' }, STANDARD)).toBe('solana:localnet')
    expect(walletChainFor({ caipNetworkId: LOCAL, rpcUrl: 'http://127.0.0.1:8899' }, [LOCAL, ...STANDARD])).toBe(LOCAL)
    expect(walletChainFor({ caipNetworkId: LOCAL, rpcUrl: 'https://rpc.example.com' }, STANDARD)).toBeUndefined()
    expect(walletChainFor({ caipNetworkId: LOCAL }, STANDARD)).toBeUndefined()
  })

  it('a local fork of mainnet is the wallet’s localnet before its mainnet: its transactions stay on this machine', () => {
    expect(walletChainFor({ caipNetworkId: MAINNET, rpcUrl: 'http://localhost:8899' }, STANDARD)).toBe('solana:localnet')
    expect(walletChainFor({ caipNetworkId: MAINNET, rpcUrl: 'http://localhost:8899' }, ['solana:mainnet'])).toBe('solana:mainnet')
  })

  it('a chain of another namespace has no Solana name', () => {
    expect(solanaChainNames({ caipNetworkId: 'eip155:1', rpcUrl: 'http://127.0.0.1:8545' })).toEqual([])
    expect(walletChainFor({ caipNetworkId: 'eip155:1' }, ['eip155:1'])).toBeUndefined()
  })
})
