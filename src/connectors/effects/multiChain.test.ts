/**
 * A multi-chain wallet (SPEC §3 MULTI_CHAIN): one entry of Connect for the same wallet on EVM and
 * Solana. Connecting it connects every namespace the site configured, one prompt after the other,
 * the active namespace first; the first namespace's network stays the active one. The wallets are
 * real: a scriptable EIP-1193 wallet and the demo's Solana wallet (Wallet Standard, ed25519) with
 * the real eip155 and solana adapters.
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import type { Wallet } from '@wallet-standard/base'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { solana } from '../../core/networks/chains/solana'
import { eip155Adapter } from '../../chains/eip155/adapter'
import { solanaAdapter } from '../../chains/solana/adapter'
import { createConnectorRuntime } from '../runtime'
import { createWalletModule } from '../module'
import * as walletEffects from './walletEffects'
import { solanaStandard } from '../walletStandard/solana'
import { registerSolanaTestWallet, solanaTestWalletAddress } from '../../../demo/wallets/solanaWallet'
import { ADDRESS_A, fakeWallet } from '../../../tests/support/eip1193Wallet'
import { settle } from '../../../tests/support/walletKernel'
import { PUBLIC_EVENTS } from '../../events/catalogue'
import { testWindow } from '../../../tests/support/testWindow'

/** RFC 8032's first ed25519 test key: public, worthless. */
const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'

async function setup() {
  const win = testWindow()
  const registered: Wallet[] = []
  win.addEventListener('wallet-standard:register-wallet', (event) =>
    (event as CustomEvent<(api: { register(...wallets: Wallet[]): () => void }) => void>).detail({
      register: (...wallets) => {
        registered.push(...wallets)
        return () => undefined
      },
    }),
  )
  const address = await solanaTestWalletAddress(SEED)
  const handle = registerSolanaTestWallet(win, { secretKey: SEED, address, rpcUrl: 'http://127.0.0.1:9', chains: [solana.caipNetworkId] })
  const solanaWallet = registered[0]!
  const evm = fakeWallet({ chainId: 1 })
  const runtime = createConnectorRuntime({
    loadAdapter: async (namespace) => (namespace === 'eip155' ? eip155Adapter : namespace === 'solana' ? solanaAdapter : undefined),
    readerFor: () => undefined,
  })
  runtime.providers.set('fake.evm', evm)
  runtime.providers.set('wallet-standard.solana.fake-wallet', solanaStandard.provider(solanaWallet))
  const deps = defaultDeps({
    storage: memoryStorage(),
    fetch: undefined,
    window: undefined,
    scheduler: new VirtualTimeScheduler(),
    logger: { warn() {}, error() {} },
  })
  const kernel = createKernel({ modules: [...coreModules, createWalletModule(runtime, async () => walletEffects)], deps })
  kernel.dispatch(
    createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'test', networks: [ethereum, solana], enableWalletConnect: false }).options }),
  )
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
  kernel.dispatch(
    createEvent('CONNECTORS_ADDED', {
      connectors: [
        { id: 'fake.evm', name: 'Fake Wallet', type: 'ANNOUNCED', chain: 'eip155' },
        { id: 'wallet-standard.solana.fake-wallet', name: 'Fake Wallet', type: 'ANNOUNCED', chain: 'solana' },
      ],
    }),
  )
  const seen: AirlockEvent[] = []
  kernel.events$.subscribe((event) => {
    if (PUBLIC_EVENTS.has(event.type)) seen.push(event)
  })
  return { kernel, evm, handle, address, seen }
}

describe('connecting a multi-chain wallet (SPEC §3 MULTI_CHAIN)', () => {
  it('connects EVM then Solana from one request; the EVM network stays active; the modal closes after both', async () => {
    const { kernel, address, seen } = await setup()
    expect(kernel.getState().connectors.connectors).toMatchObject([{ id: 'fake.evm', type: 'MULTI_CHAIN' }])
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: false }))
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'fake.evm' }))
    await settle(() => kernel.getState().connection.connectedNamespaces.length === 2 && !kernel.getState().router.open, 200)
    const state = kernel.getState()
    expect(state.connection.connectedNamespaces).toEqual(['eip155', 'solana'])
    expect(state.networks.activeCaipNetworkId).toBe(ethereum.caipNetworkId)
    expect(state.account.accounts.solana.caipAddress).toBe(`${solana.caipNetworkId}:${address}`)
    expect(state.connectors.activeConnectorIds).toMatchObject({ eip155: 'fake.evm', solana: 'wallet-standard.solana.fake-wallet' })
    expect(seen.map((e) => [e.type, 'namespace' in e.payload ? e.payload.namespace : undefined])).toEqual([
      ['MODAL_OPEN', undefined],
      ['CONNECT_SUCCESS', 'eip155'],
      ['CONNECT_SUCCESS', 'solana'],
      ['MODAL_CLOSE', undefined],
    ])
    expect(state.account.accounts.eip155.address).toBe(ADDRESS_A)
  })

  it('a refusal of the first namespace is the connection’s; a refusal of the second leaves the first connected', async () => {
    const first = await setup()
    first.evm.declines.add('eth_requestAccounts')
    first.kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'fake.evm' }))
    await settle(() => first.seen.length > 0, 200)
    expect(first.seen.map((e) => e.type)).toEqual(['USER_REJECTED'])
    expect(first.kernel.getState().connection.connectedNamespaces).toEqual([])

    const second = await setup()
    second.handle.declineNext()
    second.kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'fake.evm' }))
    await settle(() => second.kernel.getState().connection.status === 'connected', 200)
    await settle(() => false, 20)
    expect(second.kernel.getState().connection.connectedNamespaces).toEqual(['eip155'])
    expect(second.seen.filter((e) => e.type === 'CONNECT_SUCCESS')).toHaveLength(1)
  })

  it('with EVM connected already, the request connects only Solana (the visitor switched there, SPEC §4)', async () => {
    const { kernel, evm } = await setup()
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'fake.evm' }))
    await settle(() => kernel.getState().connection.connectedNamespaces.length === 2, 200)
    kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: 'solana' }))
    await settle(() => kernel.getState().connection.connectedNamespaces.length === 1, 200)
    const asked = evm.calls.filter((m) => m === 'eth_requestAccounts').length
    kernel.dispatch(createEvent('NETWORK_SWITCH_REQUESTED', { caipNetworkId: solana.caipNetworkId }))
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'fake.evm' }))
    await settle(() => kernel.getState().connection.connectedNamespaces.length === 2, 200)
    expect(evm.calls.filter((m) => m === 'eth_requestAccounts').length).toBe(asked)
    expect(kernel.getState().networks.activeCaipNetworkId).toBe(solana.caipNetworkId)
  })
})
