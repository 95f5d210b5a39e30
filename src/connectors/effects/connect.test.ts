/**
 * The connect effect with the real eip155 adapter and a scriptable EIP-1193 wallet: the public
 * events of a connection describe the state after the events before them (DESIGN "Events").
 */
import { describe, expect, it } from 'vitest'
import { createEvent } from '../../kernel/registry'
import { closeModal, openModal } from '../../core/router/commands'
import { ADDRESS_A, fakeWallet } from '../../../tests/support/eip1193Wallet'
import { FAKE_WALLET_ID, publicEvents, settle, walletKernel } from '../../../tests/support/walletKernel'
import { TIMED_OUT } from '../../kernel/errors/http'
import { CONNECT_ANSWER_WAIT_MS } from '../timeout'

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

  it('a wallet that never answers fails the attempt after SPEC §9’s 30 s with "The request took too long to respond"; its late answer changes nothing', async () => {
    const wallet = fakeWallet()
    let answer: (() => void) | undefined
    const request = wallet.request.bind(wallet)
    wallet.request = (args) => (args.method === 'eth_requestAccounts' ? new Promise((resolve) => (answer = () => resolve(request(args)))) : request(args))
    const { kernel, scheduler } = walletKernel(wallet)
    const seen: string[] = []
    kernel.events$.subscribe((event) => {
      if (event.type === 'CONNECT_ERROR') seen.push(event.payload.message)
      if (event.type === 'NOTIFICATION_REQUESTED' && 'detail' in event.payload) seen.push(`banner: ${String(event.payload.detail)}`)
    })
    kernel.dispatch(connect)
    await settle(() => answer !== undefined)
    scheduler.maxFrames = CONNECT_ANSWER_WAIT_MS - 1
    scheduler.flush()
    await settle()
    expect(kernel.getState().connection.status).toBe('connecting')
    expect(seen).toEqual([])
    scheduler.maxFrames = CONNECT_ANSWER_WAIT_MS
    scheduler.flush()
    await settle(() => seen.length > 0)
    expect(seen).toEqual([TIMED_OUT, `banner: ${TIMED_OUT}`])
    expect(kernel.getState().connection.status).toBe('disconnected')
    expect(kernel.getState().connection.connectAttempt?.phase).toBe('failed')
    // The wallet answers at last: nothing connects.
    answer!()
    await settle()
    expect(kernel.getState().connection.status).toBe('disconnected')
  })

  it('a wallet that throws a bare string: the banner shows the string as the wallet wrote it', async () => {
    const wallet = fakeWallet()
    wallet.request = () => Promise.reject('  the wallet is sad  ')
    const { kernel } = walletKernel(wallet)
    const seen: unknown[] = []
    kernel.events$.subscribe((event) => {
      if (event.type === 'CONNECT_ERROR' || event.type === 'NOTIFICATION_REQUESTED') seen.push(event.payload)
    })
    kernel.dispatch(connect)
    await settle(() => seen.length > 1)
    expect(seen).toEqual([{ message: 'the wallet is sad' }, { variant: 'error', key: 'walletError', detail: 'the wallet is sad' }])
  })
})
