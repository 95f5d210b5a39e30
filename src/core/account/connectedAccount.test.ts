import { describe, expect, it } from 'vitest'
import { createEvent } from '../../kernel/registry'
import { createTestKernel } from '../../testing/testKernel'
import { ethereum } from '../networks/chains/ethereum'
import { solana } from '../networks/chains/solana'
import { selectConnectedAccount } from './connectedAccount'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

function start() {
  return createTestKernel({ options: { projectId: 'p', networks: [ethereum, solana] } })
}

/** A wallet connected on `namespace` with `address` through `connectorId`. */
function connect(kernel: ReturnType<typeof start>, namespace: 'eip155' | 'solana', caipNetworkId: string, address: string, connectorId = 'injected') {
  const caipAddress = `${caipNetworkId}:${address}`
  kernel.dispatch(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace, connectorId, caipAddress }))
  kernel.dispatch(createEvent('CONNECTOR_ACTIVATED', { namespace, connectorId }))
  kernel.dispatch(createEvent('ACCOUNTS_CHANGED', { namespace, address, caipAddress, allAccounts: [{ address, type: 'eoa' }] }))
}

describe('selectConnectedAccount (issue 26 §2: the connected account of the active namespace, if supported)', () => {
  it('gives the account connected on the active namespace with its connector', () => {
    const kernel = start()
    connect(kernel, 'eip155', ethereum.caipNetworkId, EVM)
    expect(selectConnectedAccount(kernel.getState())).toMatchObject({
      namespace: 'eip155',
      address: EVM,
      caipAddress: `${ethereum.caipNetworkId}:${EVM}`,
      connectorId: 'injected',
    })
    expect(selectConnectedAccount(kernel.getState(), ['eip155', 'solana'])?.address).toBe(EVM)
  })

  it('is undefined while no wallet is connected, and again after a disconnect', () => {
    const kernel = start()
    expect(selectConnectedAccount(kernel.getState())).toBeUndefined()
    connect(kernel, 'eip155', ethereum.caipNetworkId, EVM)
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: 'eip155' }))
    expect(selectConnectedAccount(kernel.getState())).toBeUndefined()
  })

  it('is undefined when an address is held but the namespace is not connected (a reset account record is not enough)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('ACCOUNTS_CHANGED', { namespace: 'eip155', address: EVM, caipAddress: `eip155:1:${EVM}`, allAccounts: [] }))
    expect(kernel.getState().account.accounts.eip155.address).toBe(EVM)
    expect(selectConnectedAccount(kernel.getState())).toBeUndefined()
  })

  it('is undefined when the active namespace is not among the namespaces the feature supports', () => {
    const kernel = start()
    connect(kernel, 'eip155', ethereum.caipNetworkId, EVM)
    connect(kernel, 'solana', solana.caipNetworkId, SOL, 'phantom')
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: solana.caipNetworkId }))
    expect(selectConnectedAccount(kernel.getState(), ['eip155'])).toBeUndefined()
    expect(selectConnectedAccount(kernel.getState(), ['eip155', 'solana'])).toMatchObject({ namespace: 'solana', address: SOL, connectorId: 'phantom' })
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: ethereum.caipNetworkId }))
    expect(selectConnectedAccount(kernel.getState(), ['eip155'])?.address).toBe(EVM)
  })

  it('gives the same object for the same account and connector, a new one when either changes', () => {
    const kernel = start()
    connect(kernel, 'eip155', ethereum.caipNetworkId, EVM)
    const first = selectConnectedAccount(kernel.getState())
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: true, view: 'Account' }))
    expect(selectConnectedAccount(kernel.getState())).toBe(first)
    expect(selectConnectedAccount(kernel.getState(), ['eip155'])).toBe(first)
    kernel.dispatch(createEvent('CONNECTOR_ACTIVATED', { namespace: 'eip155', connectorId: 'walletConnect' }))
    const second = selectConnectedAccount(kernel.getState())
    expect(second).not.toBe(first)
    expect(second?.connectorId).toBe('walletConnect')
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    kernel.dispatch(createEvent('ACCOUNTS_CHANGED', { namespace: 'eip155', address: other, caipAddress: `eip155:1:${other}`, allAccounts: [] }))
    expect(selectConnectedAccount(kernel.getState())?.address).toBe(other)
  })

  it('keeps two instances apart: reading one does not evict the other', () => {
    const a = start()
    const b = start()
    connect(a, 'eip155', ethereum.caipNetworkId, EVM)
    connect(b, 'eip155', ethereum.caipNetworkId, EVM)
    const fromA = selectConnectedAccount(a.getState())
    const fromB = selectConnectedAccount(b.getState())
    expect(fromB).not.toBe(fromA)
    expect(selectConnectedAccount(a.getState())).toBe(fromA)
    expect(selectConnectedAccount(b.getState())).toBe(fromB)
  })
})
