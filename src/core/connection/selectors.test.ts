import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import { connectionModule } from './module'
import {
  selectBuffering,
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
    kernel.dispatch(createEvent('CONNECTION_STATUS_CHANGED', { status: 'connecting' }))
    expect(selectIsConnected(kernel.getState())).toBe(false)
    kernel.dispatch(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'MetaMask', namespace: 'eip155', connectorId: 'io.metamask' }))
    expect(selectConnectionStatus(kernel.getState())).toBe('connected')
    expect(selectIsConnected(kernel.getState())).toBe(true)
    expect(selectConnectedNamespaces(kernel.getState())).toEqual(['eip155'])
  })

  it('read the relay fields of SPEC §3 connection state', () => {
    const kernel = start()
    kernel.dispatch(createEvent('WC_URI_SET', { uri: 'wc:abc', expiry: 42 }))
    kernel.dispatch(createEvent('WC_LINKING_SET', { linking: { href: 'x://', name: 'X' } }))
    kernel.dispatch(
      createEvent('CONNECT_SUCCESS', { method: 'qrcode', name: 'X', namespace: 'eip155', connectorId: 'walletConnect', wallet: { id: 'x', name: 'X' } }),
    )
    kernel.dispatch(createEvent('BUFFERING_SET', { buffering: true }))
    const state = kernel.getState()
    expect(selectWcUri(state)).toBe('wc:abc')
    expect(selectWcPairingExpiry(state)).toBe(42)
    expect(selectWcLinking(state)).toEqual({ href: 'x://', name: 'X' })
    expect(selectRecentWallet(state)).toEqual({ id: 'x', name: 'X' })
    expect(selectBuffering(state)).toBe(true)
    expect(selectWcError(state)).toBe(false)
  })

  it('selectConnections gives one selector per namespace and a shared empty list (stable references for hooks)', () => {
    const kernel = start()
    expect(selectConnections('eip155')).toBe(selectConnections('eip155'))
    const empty = selectConnections('eip155')(kernel.getState())
    expect(empty).toEqual([])
    expect(selectConnections('solana')(kernel.getState())).toBe(empty)
    const connections = [{ connectorId: 'injected', accounts: [{ address: '0x1' }] }]
    kernel.dispatch(createEvent('CONNECTIONS_SET', { namespace: 'eip155', connections }))
    const first = selectConnections('eip155')(kernel.getState())
    expect(first).toEqual(connections)
    kernel.dispatch(createEvent('BUFFERING_SET', { buffering: true }))
    expect(selectConnections('eip155')(kernel.getState())).toBe(first)
  })
})
