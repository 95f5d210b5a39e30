/**
 * Attach first (issue 11 §7): the wallet's events are listened for before the connect request is
 * sent (and before the restore read), so an event the wallet sends right after answering is
 * neither missed nor applied twice.
 */
import { describe, expect, it } from 'vitest'
import { createEvent } from '../../kernel/registry'
import { ADDRESS_A, ADDRESS_B, fakeWallet } from '../../../tests/support/eip1193Wallet'
import { FAKE_WALLET_ID, settle, walletKernel } from '../../../tests/support/walletKernel'

const connect = createEvent('CONNECT_REQUESTED', { connectorId: FAKE_WALLET_ID })

describe('followWallets: attach first', () => {
  it('a chainChanged sent right after the wallet answers the connect is applied, once', async () => {
    const wallet = fakeWallet({ chainId: 1 })
    // The wallet answers eth_chainId with 1, then moves to 137 at once.
    wallet.after.set('eth_chainId', () => wallet.moveTo(137))
    const { kernel } = walletKernel(wallet)
    kernel.dispatch(connect)
    await settle(() => kernel.getState().networks.activeCaipNetworkId === 'eip155:137')
    await settle()
    expect(kernel.getState().networks.activeCaipNetworkId).toBe('eip155:137')
    expect(kernel.getState().account.accounts.eip155.caipAddress).toBe(`eip155:137:${ADDRESS_A}`)
    const switched = kernel.log().filter((e) => e.type === 'NETWORK_SWITCHED')
    expect(switched.map((e) => e.payload)).toEqual([{ caipNetworkId: 'eip155:137' }])
  })

  it('an accountsChanged sent right after eth_requestAccounts is answered makes that account the active one', async () => {
    const wallet = fakeWallet({ accounts: [ADDRESS_A] })
    wallet.after.set('eth_requestAccounts', () => wallet.setAccounts([ADDRESS_B, ADDRESS_A]))
    const { kernel } = walletKernel(wallet)
    kernel.dispatch(connect)
    await settle(() => kernel.getState().account.accounts.eip155.address === ADDRESS_B)
    expect(kernel.getState().connection.status).toBe('connected')
    expect(kernel.getState().account.accounts.eip155.address).toBe(ADDRESS_B)
  })

  it('a chainChanged sent right after the restore read is applied', async () => {
    const wallet = fakeWallet({ chainId: 1 })
    wallet.after.set('eth_chainId', () => wallet.moveTo(137))
    const { kernel } = walletKernel(wallet, { connectionStatus: 'connected', connectedConnectorIds: { eip155: FAKE_WALLET_ID } })
    await settle(() => kernel.getState().networks.activeCaipNetworkId === 'eip155:137')
    expect(kernel.getState().connection.status).toBe('connected')
    expect(kernel.getState().networks.activeCaipNetworkId).toBe('eip155:137')
  })

  it('listens with one listener while connected, none after a refusal or a disconnect', async () => {
    const wallet = fakeWallet()
    wallet.declines.add('eth_requestAccounts')
    const { kernel } = walletKernel(wallet)
    kernel.dispatch(connect)
    await settle(() => kernel.log().some((e) => e.type === 'USER_REJECTED'))
    await settle()
    expect(wallet.listenerCount('chainChanged')).toBe(0)

    wallet.declines.clear()
    kernel.dispatch(connect)
    await settle(() => kernel.getState().connection.status === 'connected')
    await settle()
    expect(wallet.listenerCount('chainChanged')).toBe(1)
    // Connecting the connected wallet again adds no second listener.
    kernel.dispatch(connect)
    await settle()
    expect(wallet.listenerCount('chainChanged')).toBe(1)
    wallet.moveTo(137)
    await settle()
    expect(kernel.log().filter((e) => e.type === 'NETWORK_SWITCHED' && e.payload.caipNetworkId === 'eip155:137')).toHaveLength(1)

    kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: null }))
    await settle(() => kernel.getState().connection.status === 'disconnected')
    await settle()
    expect(wallet.listenerCount('chainChanged')).toBe(0)
  })
})
