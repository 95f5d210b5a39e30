/**
 * Leaving the active namespace while another stays connected (issue 28 §5), with the modal open on
 * Account: the router keeps Account and the namespace still connected becomes active, with no
 * Connect in between (every view the router held is recorded, event by event). The same whether
 * the visitor disconnects the namespace or its wallet leaves by itself (accounts emptied). Real
 * connector effects and adapters; the wallets are a scriptable EIP-1193 wallet and the demo's
 * Solana wallet (Wallet Standard), as in multiChain.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import type { Wallet } from '@wallet-standard/base'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { solana } from '../../core/networks/chains/solana'
import { selectView } from '../../core/router/selectors'
import { eip155Adapter } from '../../chains/eip155/adapter'
import { solanaAdapter } from '../../chains/solana/adapter'
import { createConnectorRuntime } from '../runtime'
import { createWalletModule } from '../module'
import * as walletEffects from './walletEffects'
import { solanaStandard } from '../walletStandard/solana'
import { registerSolanaTestWallet, solanaTestWalletAddress } from '../../../demo/wallets/solanaWallet'
import { fakeWallet } from '../../../tests/support/eip1193Wallet'
import { settle } from '../../../tests/support/walletKernel'
import { testWindow } from '../../../tests/support/testWindow'

/** RFC 8032's first ed25519 test key: public, worthless. */
const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'
const EVM = 'fake.evm'
const SOL = 'wallet-standard.solana.fake-wallet'

/** EVM and Solana connected (two wallets), the modal open on Account, every view it shows recorded. */
async function connectedOnBoth() {
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
  registerSolanaTestWallet(win, { secretKey: SEED, address, rpcUrl: 'http://127.0.0.1:9', chains: [solana.caipNetworkId] })
  const evm = fakeWallet({ chainId: 1 })
  const runtime = createConnectorRuntime({
    loadAdapter: async (namespace) => (namespace === 'eip155' ? eip155Adapter : namespace === 'solana' ? solanaAdapter : undefined),
    readerFor: () => undefined,
  })
  runtime.providers.set(EVM, evm)
  runtime.providers.set(SOL, solanaStandard.provider(registered[0]!))
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
  // Two wallets of different names: two connectors, not one multi-chain entry.
  kernel.dispatch(
    createEvent('CONNECTORS_ADDED', {
      connectors: [
        { id: EVM, name: 'Fake EVM Wallet', type: 'ANNOUNCED', chain: 'eip155' },
        { id: SOL, name: 'Fake Solana Wallet', type: 'ANNOUNCED', chain: 'solana' },
      ],
    }),
  )
  const connected = (ns: 'eip155' | 'solana') => kernel.getState().connection.connectedNamespaces.includes(ns)
  kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: EVM }))
  await settle(() => connected('eip155'), 200)
  kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: SOL }))
  await settle(() => connected('solana'), 200)
  expect(kernel.getState().connection.connectedNamespaces).toEqual(['eip155', 'solana'])
  kernel.dispatch(createEvent('MODAL_OPEN', { connected: true }))
  const shown: string[] = []
  kernel.state$.subscribe((state) => {
    const view = state.router.open ? `${selectView(state)} ${state.networks.activeNamespace}` : 'closed'
    if (shown.at(-1) !== view) shown.push(view)
  })
  return { kernel, evm, address, shown }
}

describe('leaving the active namespace while another stays connected (issue 28 §5)', () => {
  it('the visitor disconnects the active namespace from Account: Account stays, on the namespace still connected, never Connect', async () => {
    const { kernel, address, shown } = await connectedOnBoth()
    // The wallet connected last is the active one.
    expect(kernel.getState().networks.activeNamespace).toBe('solana')
    expect(kernel.getState().account.accounts.solana.address).toBe(address)
    expect(shown).toEqual(['Account solana'])

    kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: 'solana' }))
    await settle(() => !kernel.getState().connection.connectedNamespaces.includes('solana') && kernel.getState().networks.activeNamespace === 'eip155', 200)
    const state = kernel.getState()
    expect(state.connection.connectedNamespaces).toEqual(['eip155'])
    expect(state.networks.activeCaipNetworkId).toBe(ethereum.caipNetworkId)
    expect(state.router.open).toBe(true)
    expect(selectView(state)).toBe('Account')
    expect(shown).toEqual(['Account solana', 'Account eip155'])
  })

  it('the active namespace’s wallet leaves by itself (accounts emptied): back on the namespace still connected, Account kept', async () => {
    const { kernel, evm, shown } = await connectedOnBoth()
    kernel.dispatch(createEvent('NETWORK_SWITCH_REQUESTED', { caipNetworkId: ethereum.caipNetworkId }))
    await settle(() => kernel.getState().networks.activeNamespace === 'eip155', 200)
    expect(shown).toEqual(['Account solana', 'Account eip155'])

    evm.setAccounts([])
    await settle(() => !kernel.getState().connection.connectedNamespaces.includes('eip155') && kernel.getState().networks.activeNamespace === 'solana', 200)
    const state = kernel.getState()
    expect(state.connection.connectedNamespaces).toEqual(['solana'])
    expect(state.networks.activeCaipNetworkId).toBe(solana.caipNetworkId)
    expect(selectView(state)).toBe('Account')
    expect(shown).toEqual(['Account solana', 'Account eip155', 'Account solana'])
  })

  it('the last namespace leaving shows Connect, as before', async () => {
    const { kernel, shown } = await connectedOnBoth()
    kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: null }))
    await settle(() => kernel.getState().connection.connectedNamespaces.length === 0, 200)
    expect(selectView(kernel.getState())).toBe('Connect')
    expect(shown.at(-1)).toMatch(/^Connect /)
  })
})
