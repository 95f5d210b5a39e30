/**
 * Leaving the active namespace while another stays connected (issue 28 §5), with the modal open on
 * Account: the router keeps Account and the namespace still connected becomes active, with no
 * Connect in between (every view the router held is recorded, event by event). The same whether
 * the visitor disconnects the namespace or its wallet leaves by itself (accounts emptied). Real
 * connector effects and adapters; the wallets are a scriptable EIP-1193 wallet and the demo's
 * Solana wallet (Wallet Standard), as in multiChain.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { createEvent } from '../../kernel/registry'
import { ethereum } from '../../core/networks/chains/ethereum'
import { solana } from '../../core/networks/chains/solana'
import { selectView } from '../../core/router/selectors'
import { fakeWallet } from '../../../tests/support/eip1193Wallet'
import { settle } from '../../../tests/support/walletKernel'
import { connectorKernel, solanaTestProvider } from '../../../tests/support/connectorKernel'

const EVM = 'fake.evm'
const SOL = 'wallet-standard.solana.fake-wallet'

/** EVM and Solana connected (two wallets), the modal open on Account, every view it shows recorded. */
async function connectedOnBoth() {
  const sol = await solanaTestProvider()
  const evm = fakeWallet({ chainId: 1 })
  const { kernel } = connectorKernel({
    providers: { [EVM]: evm, [SOL]: sol.provider },
    // Two wallets of different names: two connectors, not one multi-chain entry.
    connectors: [
      { id: EVM, name: 'Fake EVM Wallet', type: 'ANNOUNCED', chain: 'eip155' },
      { id: SOL, name: 'Fake Solana Wallet', type: 'ANNOUNCED', chain: 'solana' },
    ],
  })
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
  return { kernel, evm, address: sol.address, shown }
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
