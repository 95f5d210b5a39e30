/**
 * The wallet-connection effects through createAirlock in Node: a page-like window where an
 * EIP-1193 wallet announces itself (EIP-6963), the real eip155 adapter, and a chain reader that
 * answers eth_getBalance. Each rule of SPEC §4 the effects carry out is checked on the state.
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import {
  ConnectorNotFoundError,
  createAirlock,
  DisconnectFailedError,
  ethereum,
  polygon,
  UserRejectedRequestError,
  type AirlockInstance,
} from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import type { WalletProvider } from '../../src/chains/adapter'
import { announcingPage } from '../support/announcingPage'

const testPage = (provider: WalletProvider) => announcingPage(provider, { name: 'Test Wallet', rdns: 'test.wallet' })

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A scriptable EIP-1193 wallet. */
function fakeWallet(options: { chainId?: number; reject?: boolean; hangOnRevoke?: boolean; knownChains?: number[] } = {}) {
  let chainId = options.chainId ?? 1
  const known = new Set(options.knownChains ?? [1, 137])
  const listeners = new Map<string, Set<(value: unknown) => void>>()
  const calls: string[] = []
  const emit = (event: string, value: unknown) => listeners.get(event)?.forEach((l) => l(value))
  const provider: WalletProvider & { emit: typeof emit; calls: string[]; listening(): boolean } = {
    calls,
    emit,
    listening: () => (listeners.get('chainChanged')?.size ?? 0) > 0,
    async request({ method, params }) {
      calls.push(method)
      const first = (Array.isArray(params) ? params[0] : undefined) as { chainId?: string } | undefined
      switch (method) {
        case 'eth_requestAccounts':
          if (options.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
          return [ADDRESS]
        case 'eth_accounts':
          return [ADDRESS]
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`
        case 'wallet_switchEthereumChain': {
          const id = Number(first?.chainId)
          if (!known.has(id)) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 })
          chainId = id
          emit('chainChanged', first?.chainId)
          return null
        }
        case 'wallet_addEthereumChain':
          known.add(Number(first?.chainId))
          return null
        case 'wallet_revokePermissions':
          if (options.hangOnRevoke) return new Promise(() => undefined)
          return null
        default:
          throw Object.assign(new Error('unsupported'), { code: 4200 })
      }
    },
    on(event: string, listener: (value: never) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener as (value: unknown) => void)
    },
    removeListener(event: string, listener: (value: never) => void) {
      listeners.get(event)?.delete(listener as (value: unknown) => void)
    },
  }
  return provider
}

function start(provider: WalletProvider, storage = memoryStorage(), options: { enableWalletConnect?: boolean } = {}) {
  const scheduler = new VirtualTimeScheduler()
  const airlock = createAirlock(
    { projectId: 'test', networks: [ethereum, polygon], disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api' }, ...options },
    {
      deps: { storage, fetch: undefined, window: testPage(provider), scheduler, logger: { warn: () => undefined, error: () => undefined } },
      connectors: { readerFor: () => ({ request: async (method) => (method === 'eth_getBalance' ? '0xde0b6b3a7640000' : null), get: async () => null }) },
    },
  )
  return { airlock, scheduler, storage }
}

const until = async (airlock: AirlockInstance, check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 1))
  expect(check()).toBe(true)
  void airlock
}

describe('connecting an announced EVM wallet', () => {
  it('makes the session the state: connector, checksummed address, CAIP-10, network and balance', async () => {
    const wallet = fakeWallet({ chainId: 137 })
    const { airlock } = start(wallet)
    const types: string[] = []
    airlock.subscribeEvents((e) => types.push(e.type))
    await airlock.connect('test.wallet')
    const state = airlock.getState()
    expect(state.connection.status).toBe('connected')
    expect(state.connectors.activeConnectorIds.eip155).toBe('test.wallet')
    expect(state.account.accounts.eip155.address).toBe(CHECKSUMMED)
    expect(state.account.accounts.eip155.caipAddress).toBe(`eip155:137:${CHECKSUMMED}`)
    expect(state.networks.activeCaipNetworkId).toBe('eip155:137')
    expect(types).toContain('CONNECT_SUCCESS')
    await until(airlock, () => airlock.getState().account.accounts.eip155.balance === '1')
    expect(airlock.getProvider()).toBe(wallet)
  })

  it('reports a declined request as USER_REJECTED and stays disconnected', async () => {
    const { airlock } = start(fakeWallet({ reject: true }))
    const types: string[] = []
    airlock.subscribeEvents((e) => types.push(e.type))
    await expect(airlock.connect('test.wallet')).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(types).toContain('USER_REJECTED')
    expect(airlock.getState().connection.status).toBe('disconnected')
  })

  it('rejects a connect to a connector that is not there with ConnectorNotFoundError, without asking any wallet', async () => {
    const wallet = fakeWallet()
    const { airlock } = start(wallet)
    await expect(airlock.connect('not.there')).rejects.toBeInstanceOf(ConnectorNotFoundError)
    await expect(airlock.connect('not.there')).rejects.toThrow(/^Connector not found$/)
    expect(wallet.calls).toEqual([])
  })

  it('rejects a WalletConnect connect with WalletConnect off with SPEC §8 "WalletConnectConnector not found" (a ConnectorNotFoundError)', async () => {
    const wallet = fakeWallet()
    const { airlock } = start(wallet, memoryStorage(), { enableWalletConnect: false })
    expect(airlock.getState().connectors.allConnectors.map((c) => c.id)).not.toContain('walletConnect')
    const error = await airlock.connect('walletConnect').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectorNotFoundError)
    expect(error).toMatchObject({ message: 'WalletConnectConnector not found', shortMessage: 'WalletConnectConnector not found', connectorId: 'walletConnect' })
    expect(airlock.getState().connection.status).toBe('disconnected')
    expect(wallet.calls).toEqual([])
  })

  it('follows chainChanged, including to a chain the site did not configure (the placeholder)', async () => {
    const wallet = fakeWallet()
    const { airlock } = start(wallet)
    await airlock.connect('test.wallet')
    await until(airlock, () => wallet.listening())
    wallet.emit('chainChanged', '0x89')
    await until(airlock, () => airlock.getState().networks.activeCaipNetworkId === 'eip155:137')
    wallet.emit('chainChanged', '0x2105')
    await until(airlock, () => airlock.getState().networks.activeCaipNetworkId === 'eip155:8453')
    expect(airlock.getState().networks.unsupportedNetwork?.name).toBe('Unknown Network')
    expect(airlock.getState().account.accounts.eip155.caipAddress).toBe(`eip155:8453:${CHECKSUMMED}`)
    // Malformed events are ignored.
    wallet.emit('chainChanged', 'not a chain')
    wallet.emit('accountsChanged', ['<script>'])
    await new Promise((r) => setTimeout(r, 5))
    expect(airlock.getState().networks.activeCaipNetworkId).toBe('eip155:8453')
    expect(airlock.getState().account.accounts.eip155.address).toBe(CHECKSUMMED)
  })

  it('treats an empty accountsChanged as the wallet letting go', async () => {
    const wallet = fakeWallet()
    const { airlock } = start(wallet)
    await airlock.connect('test.wallet')
    await until(airlock, () => wallet.listening())
    wallet.emit('accountsChanged', [])
    await until(airlock, () => airlock.getState().connection.status === 'disconnected')
    expect(airlock.getState().account.accounts.eip155.address).toBeNull()
  })

  it('switches through the wallet, adding the chain on 4902; a refusal fails the switch', async () => {
    const wallet = fakeWallet({ knownChains: [1] })
    const { airlock } = start(wallet)
    await airlock.connect('test.wallet')
    await airlock.switchNetwork('eip155:137')
    expect(wallet.calls.filter((m) => m.startsWith('wallet_'))).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain'])
    expect(airlock.getState().networks.activeCaipNetworkId).toBe('eip155:137')
    wallet.request = async () => {
      throw Object.assign(new Error('User rejected the switch'), { code: 4001 })
    }
    const refused = airlock.switchNetwork('eip155:1')
    await expect(refused).rejects.toBeInstanceOf(UserRejectedRequestError)
    await expect(refused).rejects.toMatchObject({ code: 4001, details: 'User rejected the switch' })
    expect(airlock.getState().networks.activeCaipNetworkId).toBe('eip155:137')
  })

  it('a switch is one transition, one event: NETWORK_SWITCHED once, the CAIP-10 address following it with no account event (issue 11 §3)', async () => {
    // The wallet answers the switch and reports chainChanged too: both paths see the same switch.
    const wallet = fakeWallet()
    const { airlock } = start(wallet)
    await airlock.connect('test.wallet')
    await until(airlock, () => wallet.listening())
    await until(airlock, () => airlock.getState().account.accounts.eip155.balance === '1')
    const seen: string[] = []
    airlock._internal.events$.subscribe((e) => seen.push(e.type))
    await airlock.switchNetwork('eip155:137')
    await new Promise((r) => setTimeout(r, 5))
    expect(airlock.getState().account.accounts.eip155.caipAddress).toBe(`eip155:137:${CHECKSUMMED}`)
    expect(seen.filter((type) => type === 'NETWORK_SWITCHED')).toEqual(['NETWORK_SWITCHED'])
    expect(seen.filter((type) => type === 'SWITCH_NETWORK')).toEqual(['SWITCH_NETWORK'])
    // The account itself did not change: no event says it did. (The balance on the new network
    // is read afresh: that is its own transition.)
    const accountEvents = seen.filter((type) => type.startsWith('ACCOUNT') || type === 'NETWORK_UNSUPPORTED')
    expect(accountEvents).toEqual([])
  })

  it('gives up a disconnect after 3 s with "Failed to disconnect", forgetting the connection anyway', async () => {
    const { airlock, scheduler } = start(fakeWallet({ hangOnRevoke: true }))
    await airlock.connect('test.wallet')
    const pending = airlock.disconnect()
    await new Promise((r) => setTimeout(r, 5))
    scheduler.flush()
    await expect(pending).rejects.toBeInstanceOf(DisconnectFailedError)
    await expect(pending).rejects.toMatchObject({ shortMessage: 'Failed to disconnect', code: 'INTERNAL_SDK_ERROR' })
    expect(airlock.getState().account.accounts.eip155.address).toBeNull()
    expect(airlock.getState().connectors.activeConnectorIds.eip155).toBeNull()
  })

  it('reconnects from storage after a reload, and a negative check clears the stored login fields', async () => {
    const storage = memoryStorage()
    const first = start(fakeWallet(), storage)
    await first.airlock.connect('test.wallet')
    first.airlock.destroy()
    const second = start(fakeWallet(), storage)
    expect(second.airlock.getState().connection.status).toBe('connecting')
    await until(second.airlock, () => second.airlock.getState().connection.status === 'connected')
    expect(second.airlock.getState().account.accounts.eip155.address).toBe(CHECKSUMMED)
    second.airlock.destroy()

    const locked = fakeWallet()
    locked.request = async ({ method }) => (method === 'eth_accounts' ? [] : '0x1')
    const third = start(locked, storage)
    await until(third.airlock, () => third.airlock.getState().connection.status === 'disconnected')
    expect(third.airlock.getState().account.accounts.eip155.address).toBeNull()
  })
})
