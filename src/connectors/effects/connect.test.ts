/**
 * The connect effect with the real eip155 adapter and a scriptable EIP-1193 wallet: the public
 * events of a connection describe the state after the events before them (DESIGN "Events").
 */
import { describe, expect, it } from 'vitest'
import { createEvent } from '../../kernel/registry'
import { closeModal, openModal } from '../../core/router/commands'
import { ADDRESS_A, fakeWallet } from '../../../tests/support/eip1193Wallet'
import { FAKE_WALLET_ID, publicEvents, settle, walletKernel } from '../../../tests/support/walletKernel'

const connect = createEvent('CONNECT_REQUESTED', { connectorId: FAKE_WALLET_ID })

describe('connectWallet', () => {
  it('a connection from the open modal publishes MODAL_OPEN, CONNECT_SUCCESS, then MODAL_CLOSE { connected: true }', async () => {
    const { kernel } = walletKernel(fakeWallet({ chainId: 137 }))
    const seen = publicEvents(kernel)
    kernel.dispatch((state) => openModal(state))
    kernel.dispatch(connect)
    await settle(() => !kernel.getState().router.open)
    expect(seen).toEqual([
      createEvent('MODAL_OPEN', { connected: false }),
      createEvent('CONNECT_SUCCESS', {
        method: 'browser',
        name: 'Fake Wallet',
        namespace: 'eip155',
        connectorId: FAKE_WALLET_ID,
        caipAddress: `eip155:137:${ADDRESS_A}`,
      }),
      createEvent('SWITCH_NETWORK', { network: 'eip155:137' }),
      createEvent('MODAL_CLOSE', { connected: true }),
    ])
    expect(kernel.getState().router.connected).toBe(true)
  })

  it('the modal opened again after connecting says connected: true, and closing it too', async () => {
    const { kernel } = walletKernel(fakeWallet())
    kernel.dispatch(connect)
    await settle(() => kernel.getState().connection.status === 'connected')
    const seen = publicEvents(kernel)
    kernel.dispatch((state) => openModal(state))
    kernel.dispatch(closeModal)
    expect(seen).toEqual([createEvent('MODAL_OPEN', { connected: true }), createEvent('MODAL_CLOSE', { connected: true })])
  })

  it('a declined connection is USER_REJECTED and leaves the status disconnected', async () => {
    const wallet = fakeWallet()
    wallet.declines.add('eth_requestAccounts')
    const { kernel } = walletKernel(wallet)
    const seen = publicEvents(kernel)
    kernel.dispatch(connect)
    await settle(() => seen.length > 0)
    expect(seen.map((e) => e.type)).toEqual(['USER_REJECTED'])
    expect(kernel.getState().connection.status).toBe('disconnected')
  })
})
