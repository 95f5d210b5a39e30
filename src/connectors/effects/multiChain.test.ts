/**
 * A multi-chain wallet (SPEC §3 MULTI_CHAIN): one entry of Connect for the same wallet on EVM and
 * Solana. Connecting it connects every namespace the site configured, one prompt after the other,
 * the active namespace first; the first namespace's network stays the active one. The wallets are
 * real: a scriptable EIP-1193 wallet and the demo's Solana wallet (Wallet Standard, ed25519) with
 * the real eip155 and solana adapters.
 */
import { describe, expect, it } from 'vitest'
import { createEvent } from '../../kernel/registry'
import { ethereum } from '../../core/networks/chains/ethereum'
import { solana } from '../../core/networks/chains/solana'
import { ADDRESS_A, fakeWallet } from '../../../tests/support/eip1193Wallet'
import { settle } from '../../../tests/support/walletKernel'
import { connectorKernel, recordEvents, solanaTestProvider } from '../../../tests/support/connectorKernel'
import { PUBLIC_EVENTS } from '../../events/catalogue'

/** The same wallet on EVM and Solana (one name: one multi-chain entry of Connect), the public events recorded. */
async function setup() {
  const sol = await solanaTestProvider()
  const evm = fakeWallet({ chainId: 1 })
  const { kernel } = connectorKernel({
    providers: { 'fake.evm': evm, 'wallet-standard.solana.fake-wallet': sol.provider },
    connectors: [
      { id: 'fake.evm', name: 'Fake Wallet', type: 'ANNOUNCED', chain: 'eip155' },
      { id: 'wallet-standard.solana.fake-wallet', name: 'Fake Wallet', type: 'ANNOUNCED', chain: 'solana' },
    ],
  })
  return { kernel, evm, handle: sol.handle, address: sol.address, seen: recordEvents(kernel, PUBLIC_EVENTS) }
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
