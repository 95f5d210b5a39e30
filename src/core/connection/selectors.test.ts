import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import { connectionModule } from './module'
import {
  selectBuffering,
  selectConnectAttempt,
  selectConnectPhase,
  selectConnectedNamespaces,
  selectConnectionStatus,
  selectConnections,
  selectIsConnected,
  selectRecentWallet,
  selectWcError,
  selectWcLinking,
  selectWcPairingExpiry,
  selectWcUri,
} from './selectors'

function start() {
  return createKernel({ modules: [connectionModule], deps: defaultDeps({ storage: memoryStorage() }) })
}

describe('connection selectors', () => {
  it('read the connection status and whether connected (SPEC §4 connection status)', () => {
    const kernel = start()
    expect(selectConnectionStatus(kernel.getState())).toBe('disconnected')
    expect(selectIsConnected(kernel.getState())).toBe(false)
    kernel.dispatch(createEvent('CONNECT_STARTED', { connectorId: 'io.metamask' }))
    expect(selectConnectionStatus(kernel.getState())).toBe('connecting')
    expect(selectIsConnected(kernel.getState())).toBe(false)
    kernel.dispatch(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'MetaMask', namespace: 'eip155', connectorId: 'io.metamask' }))
    expect(selectConnectionStatus(kernel.getState())).toBe('connected')
    expect(selectIsConnected(kernel.getState())).toBe(true)
    expect(selectConnectedNamespaces(kernel.getState())).toEqual(['eip155'])
  })

  it('read the relay fields of SPEC §3 connection state', () => {
    const kernel = start()
    kernel.dispatch(createEvent('WC_PAIRING_OFFERED', { uri: 'wc:abc', expiry: 42 }))
    kernel.dispatch(createEvent('DEEP_LINK_CHOSEN', { linking: { href: 'x://', name: 'X' } }))
    kernel.dispatch(
      createEvent('CONNECT_SUCCESS', { method: 'qrcode', name: 'X', namespace: 'eip155', connectorId: 'walletConnect', wallet: { id: 'x', name: 'X' } }),
    )
    const state = kernel.getState()
    expect(selectWcUri(state)).toBe('wc:abc')
    expect(selectWcPairingExpiry(state)).toBe(42)
    expect(selectWcLinking(state)).toEqual({ href: 'x://', name: 'X' })
    expect(selectRecentWallet(state)).toEqual({ id: 'x', name: 'X' })
    expect(selectBuffering(state)).toBe(false)
    expect(selectWcError(state)).toBe(false)
    kernel.dispatch(createEvent('WC_PAIRING_STARTED', {}))
    expect(selectBuffering(kernel.getState())).toBe(true)
  })

  it('selectConnections gives one selector per namespace and a shared empty list (stable references for hooks)', () => {
    const kernel = start()
    expect(selectConnections('eip155')).toBe(selectConnections('eip155'))
    const empty = selectConnections('eip155')(kernel.getState())
    expect(empty).toEqual([])
    expect(selectConnections('solana')(kernel.getState())).toBe(empty)
    kernel.dispatch(createEvent('WC_PAIRING_STARTED', {}))
    expect(selectConnections('eip155')(kernel.getState())).toBe(empty)
  })

  it('selectConnectPhase: the answer to the latest request, for the connector it went through; pending otherwise (SPEC §2 ConnectingExternal)', () => {
    const kernel = start()
    expect(selectConnectAttempt(kernel.getState())).toBeNull()
    expect(selectConnectPhase(kernel.getState(), 'io.metamask')).toBe('pending')
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'io.metamask' }))
    expect(selectConnectPhase(kernel.getState(), 'io.metamask')).toBe('pending')
    kernel.dispatch(createEvent('USER_REJECTED', { message: 'User rejected the request.' }))
    expect(selectConnectPhase(kernel.getState(), 'io.metamask')).toBe('declined')
    // The answer to MetaMask's request is not Rabby's, nor a view's without a connector.
    expect(selectConnectPhase(kernel.getState(), 'io.rabby')).toBe('pending')
    expect(selectConnectPhase(kernel.getState(), undefined)).toBe('pending')
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'io.rabby' }))
    kernel.dispatch(createEvent('CONNECT_ERROR', { message: 'Internal error' }))
    expect(selectConnectPhase(kernel.getState(), 'io.rabby')).toBe('failed')
    expect(selectConnectPhase(kernel.getState(), 'io.metamask')).toBe('pending')
  })

  it('selectConnectPhase: coming back to a connector declined before shows pending until the new request is answered', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'io.metamask' }))
    kernel.dispatch(createEvent('USER_REJECTED', { message: 'User rejected the request.' }))
    // The visit's ROUTER_PUSH and its CONNECT_REQUESTED come from one command (chooseConnectEntry),
    // in one turn of the queue: the view first renders on the state after both.
    kernel.dispatch(() => [
      createEvent('ROUTER_PUSH', { view: 'ConnectingExternal', data: { connectorId: 'io.metamask' } }),
      createEvent('CONNECT_REQUESTED', { connectorId: 'io.metamask' }),
    ])
    expect(selectConnectPhase(kernel.getState(), 'io.metamask')).toBe('pending')
    kernel.dispatch(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'MetaMask', namespace: 'eip155', connectorId: 'io.metamask' }))
    expect(selectConnectPhase(kernel.getState(), 'io.metamask')).toBe('pending')
  })
})
