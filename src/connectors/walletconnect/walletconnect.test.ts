/**
 * The pure parts of the WalletConnect connector: what a proposal asks for, how a wallet's
 * untrusted answer is decoded, the pairing URI helpers, and the session provider's rules.
 */
import { describe, expect, it } from 'vitest'
import { bitcoin, defineChain, ethereum, polygon, solanaDevnet } from '../../index'
import { proposalNamespaces } from './namespaces'
import { grantedSession } from './sessionAccounts'
import { isPublicRelay, pairingTopicOf, relayError, uriExpiry } from './client'
import { createSessionProvider, type SessionLink } from './sessionProvider'
import { EIP155_METHODS } from '../../chains/eip155/methods'
import { SOLANA_METHODS } from '../../chains/solana/methods'
import { UserRejectedRequestError } from '../../kernel/errors/provider'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const local = defineChain({
  id: 31337,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const networks = [ethereum, polygon, local, solanaDevnet, bitcoin]

describe('proposalNamespaces', () => {
  it('asks for every configured network by namespace with the methods of SPEC §6, the default network first', () => {
    const { required, optional } = proposalNamespaces(networks, 'eip155:31337')
    expect(Object.keys(required)).toEqual(['eip155'])
    expect(required.eip155?.chains).toEqual(['eip155:31337'])
    expect(optional.eip155?.chains).toEqual(['eip155:31337', 'eip155:1', 'eip155:137'])
    expect(optional.eip155?.methods).toEqual([...EIP155_METHODS])
    expect(optional.solana?.chains).toEqual([solanaDevnet.caipNetworkId])
    expect(optional.solana?.methods).toEqual([...SOLANA_METHODS])
    expect(optional.bip122?.chains).toEqual([bitcoin.caipNetworkId])
  })

  it('falls back to the first relay network when the default is unknown', () => {
    expect(proposalNamespaces([solanaDevnet, ethereum], 'eip155:999').required).toEqual({
      solana: expect.objectContaining({ chains: [solanaDevnet.caipNetworkId] }),
    })
    expect(proposalNamespaces([], null)).toEqual({ required: {}, optional: {} })
  })
})

describe('grantedSession', () => {
  it('keeps CAIP-10 accounts of configured chains, per namespace and chain', () => {
    const granted = grantedSession(
      {
        eip155: { accounts: [`eip155:1:${ADDRESS}`, `eip155:137:${ADDRESS}`, `eip155:137:${OTHER}`], methods: ['personal_sign', 7], events: ['chainChanged'] },
      },
      networks,
    )
    expect(granted.dropped).toEqual([])
    expect(granted.namespaces).toEqual([
      {
        namespace: 'eip155',
        chains: ['eip155:1', 'eip155:137'],
        addresses: { 'eip155:1': [ADDRESS], 'eip155:137': [ADDRESS, OTHER] },
        methods: ['personal_sign'],
        events: ['chainChanged'],
      },
    ])
  })

  it('drops accounts that are not CAIP-10, name unconfigured chains, sit in the wrong namespace or carry malformed addresses', () => {
    const granted = grantedSession(
      {
        eip155: { accounts: ['garbage', 42, null, `eip155:999:${ADDRESS}`, 'eip155:1:0x1234', `solana:${solanaDevnet.id}:${ADDRESS}`, `eip155:1:${ADDRESS}`] },
        'not a namespace': { accounts: [`eip155:1:${ADDRESS}`] },
      },
      networks,
    )
    expect(granted.namespaces.map((g) => [g.namespace, g.chains, g.addresses])).toEqual([['eip155', ['eip155:1'], { 'eip155:1': [ADDRESS] }]])
    expect(granted.dropped).toHaveLength(7)
    expect(granted.dropped.join('\n')).toContain('names a chain the site did not configure')
    expect(granted.dropped.join('\n')).toContain('has a malformed address')
    expect(granted.dropped.join('\n')).toContain('does not belong to the namespace')
  })

  it('refuses namespaces that are not an object of { accounts: [] }', () => {
    for (const bad of [null, 'eip155', [], { eip155: { accounts: 'x' } }, { eip155: {} }]) {
      expect(grantedSession(bad, networks).namespaces).toEqual([])
      expect(grantedSession(bad, networks).dropped.length).toBeGreaterThan(0)
    }
  })
})

describe('pairing URI helpers', () => {
  const topic = 'ab'.repeat(32)
  it('read the expiry and topic of a wc: URI', () => {
    expect(uriExpiry(`wc:${topic}@2?expiryTimestamp=1800000000&relay-protocol=irn&symKey=00`, 5)).toBe(1_800_000_000_000)
    expect(uriExpiry(`wc:${topic}@2?relay-protocol=irn`, 5)).toBe(5)
    expect(pairingTopicOf(`wc:${topic}@2?relay-protocol=irn`)).toBe(topic)
    expect(pairingTopicOf('https://example.com')).toBeUndefined()
  })

  it('tell the WalletConnect network relay from a self-hosted one', () => {
    expect(isPublicRelay('wss://relay.walletconnect.org')).toBe(true)
    expect(isPublicRelay('ws://127.0.0.1:4100')).toBe(false)
    expect(isPublicRelay('not a url')).toBe(false)
  })

  it('reads relay refusals (5000-5003) as EIP-1193 user rejections and keeps other codes', () => {
    expect(relayError({ code: 5000, message: 'User rejected.' })).toBeInstanceOf(UserRejectedRequestError)
    expect(relayError({ code: 5000, message: 'User rejected.' })).toMatchObject({ code: 4001, details: 'User rejected.' })
    expect(relayError({ code: 4902, message: 'Unrecognized chain' }).code).toBe(4902)
    expect(relayError('boom').details).toBe('boom')
    expect(relayError(undefined).details).toBe('The wallet did not answer')
  })
})

describe('the session provider', () => {
  function attached(chains = ['eip155:1', 'eip155:137']) {
    const calls: [string, string, unknown][] = []
    const link: SessionLink = {
      topic: 't',
      request: async (chainId, method, params) => {
        calls.push([chainId, method, params])
        return 'answer'
      },
      end: async () => undefined,
    }
    const provider = createSessionProvider()
    provider.attach(link, [{ namespace: 'eip155', chains, addresses: { 'eip155:1': [ADDRESS], 'eip155:137': [OTHER] }, methods: [], events: [] }], 'eip155:137')
    const seen: [string, unknown][] = []
    provider.on('chainChanged', (v: unknown) => seen.push(['chainChanged', v]))
    provider.on('accountsChanged', (v: unknown) => seen.push(['accountsChanged', v]))
    return { provider, calls, seen }
  }

  it('answers accounts and chain from the session and sends other methods to the wallet on the active chain', async () => {
    const { provider, calls } = attached()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([OTHER])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x89')
    expect(await provider.request({ method: 'personal_sign', params: ['0x00', OTHER] })).toBe('answer')
    expect(calls).toEqual([['eip155:137', 'personal_sign', ['0x00', OTHER]]])
  })

  it('switches locally to an approved chain and resyncs the account; asks the wallet for any other', async () => {
    const { provider, calls, seen } = attached()
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    expect(seen).toEqual([
      ['chainChanged', '0x1'],
      ['accountsChanged', [ADDRESS]],
    ])
    expect(calls).toEqual([])
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })
    expect(calls).toEqual([['eip155:1', 'wallet_switchEthereumChain', [{ chainId: '0xa' }]]])
  })

  it('ignores malformed session events and fails requests once detached', async () => {
    const { provider, seen } = attached()
    provider.sessionEvent('eip155:1', 'chainChanged', 'twelve')
    provider.sessionEvent('eip155:1', 'chainChanged', -1)
    provider.sessionEvent('eip155:1', 'accountsChanged', 'nope')
    provider.sessionEvent('eip155:1', 'somethingElse', 1)
    expect(seen).toEqual([])
    provider.sessionEvent('eip155:1', 'accountsChanged', [`eip155:137:${ADDRESS}`])
    expect(seen).toEqual([['accountsChanged', [ADDRESS]]])
    provider.detach()
    await expect(provider.request({ method: 'eth_accounts' })).rejects.toMatchObject({ code: 4900 })
  })
})
