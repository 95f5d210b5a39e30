import { describe, expect, it } from 'vitest'
import { isRight } from '../../kernel/either'
import { CaipNetwork } from '../../events/shapes/network'
import { BUILT_IN_CHAINS } from './chains/builtIn'
import { bitcoin } from './chains/bitcoin'
import { solana } from './chains/solana'
import { solanaDevnet } from './chains/solanaDevnet'
import { solanaTestnet } from './chains/solanaTestnet'
import { sepolia } from './chains/sepolia'
import { defineChain, normalizeNetwork } from './defineChain'
import { UNKNOWN_NETWORK_NAME, unsupportedNetwork } from './placeholder'

describe('built-in chains', () => {
  it('are the twelve chains of SPEC §3 and the four SPEC §9 adds, with their CAIP-2 ids', () => {
    expect(BUILT_IN_CHAINS.map((n) => n.caipNetworkId)).toEqual([
      'eip155:42161',
      'eip155:1313161554',
      'eip155:43114',
      'eip155:8453',
      'eip155:56',
      'eip155:42220',
      'eip155:1',
      'eip155:100',
      'eip155:10',
      'eip155:137',
      'eip155:11155111',
      'eip155:324',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
      'bip122:000000000019d6689c085ae165831e93',
    ])
  })
  it('each decodes as a SPEC §3 network whose CAIP-2 id is namespace:id, with an RPC URL and explorer', () => {
    for (const chain of BUILT_IN_CHAINS) {
      expect(isRight(CaipNetwork.decode(chain))).toBe(true)
      expect(chain.caipNetworkId).toBe(`${chain.chainNamespace}:${String(chain.id)}`)
      expect(chain.rpcUrls.default.http[0]).toMatch(/^https:\/\//)
      expect(chain.blockExplorers?.default.url).toMatch(/^https:\/\//)
      expect(chain.nativeCurrency.decimals).toBeGreaterThan(0)
    }
  })
  it('flags the test networks, and only them (SPEC §3 testnet)', () => {
    expect(BUILT_IN_CHAINS.filter((n) => n.testnet === true)).toEqual([sepolia, solanaDevnet, solanaTestnet])
  })
  it('include Gnosis, zkSync, Celo and Aurora (SPEC §9 supported chains), each with its own native currency, exported from airlock', async () => {
    const airlock = await import('../../index')
    expect([airlock.gnosis, airlock.zksync, airlock.celo, airlock.aurora].map((n) => [n.caipNetworkId, n.name, n.nativeCurrency.symbol, n.testnet])).toEqual([
      ['eip155:100', 'Gnosis', 'XDAI', undefined],
      ['eip155:324', 'ZKsync Era', 'ETH', undefined],
      ['eip155:42220', 'Celo', 'CELO', undefined],
      ['eip155:1313161554', 'Aurora', 'ETH', undefined],
    ])
    expect(BUILT_IN_CHAINS).toEqual(expect.arrayContaining([airlock.gnosis, airlock.zksync, airlock.celo, airlock.aurora]))
  })
  it('uses the namespaces of SPEC §3 for Solana and Bitcoin', () => {
    expect([solana.chainNamespace, bitcoin.chainNamespace]).toEqual(['solana', 'bip122'])
    expect(bitcoin.nativeCurrency).toEqual({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 })
  })
})

describe('defineChain', () => {
  it('builds an eip155 network with CAIP-2 id namespace:chainId for a local anvil chain (SPEC §3)', () => {
    const anvil = defineChain({
      id: 31337,
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
      testnet: true,
    })
    expect(anvil).toEqual({
      id: 31337,
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
      caipNetworkId: 'eip155:31337',
      chainNamespace: 'eip155',
      testnet: true,
    })
  })
  it('throws for an id that cannot be a CAIP-2 reference (SPEC §5 network ids)', () => {
    expect(() => defineChain({ id: 'a:b', name: 'x', nativeCurrency: { name: 'x', symbol: 'X', decimals: 1 }, rpcUrls: { default: { http: [] } } })).toThrow(
      'Invalid CAIP-2 network id',
    )
  })
  it('normalizeNetwork keeps only the SPEC §3 fields, dropping functions and extras', () => {
    const viemLike = { ...solana, formatters: { block: () => 1 }, contracts: {}, rpcUrls: { default: { http: ['https://x'], webSocket: ['wss://x'] } } }
    expect(normalizeNetwork(viemLike)).toEqual({ ...solana, rpcUrls: { default: { http: ['https://x'] } } })
  })
})

describe('unsupportedNetwork', () => {
  it('is the Unknown Network placeholder for the reported chain (SPEC §4)', () => {
    expect(unsupportedNetwork('eip155', 5)).toEqual({
      id: 5,
      name: UNKNOWN_NETWORK_NAME,
      nativeCurrency: { name: '', symbol: '', decimals: 0 },
      rpcUrls: { default: { http: [] } },
      caipNetworkId: 'eip155:5',
      chainNamespace: 'eip155',
    })
    expect(UNKNOWN_NETWORK_NAME).toBe('Unknown Network')
  })
  it('stays a well-formed network when the wallet reports a chain id that is not a CAIP-2 reference (SPEC §4)', () => {
    const placeholder = unsupportedNetwork('eip155', 'bad:id')
    expect(placeholder.caipNetworkId).toBe('eip155:unknown')
    expect(isRight(CaipNetwork.decode(placeholder))).toBe(true)
  })
})
