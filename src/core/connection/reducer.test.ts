import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import type { ChainNamespace } from '../../events/shapes/namespace'
import { connectionModule } from './module'
import { initialConnectionState } from './state'

function start() {
  return createKernel({ modules: [connectionModule], deps: defaultDeps({ storage: memoryStorage() }) })
}

const wallet = { id: 'w-rainbow', name: 'Rainbow' }
const deepLink = { href: 'rainbow://', name: 'Rainbow' }

function connect(namespace: ChainNamespace, extra: { wallet?: typeof wallet; deepLink?: typeof deepLink } = {}) {
  return createEvent('CONNECT_SUCCESS', { method: 'mobile', name: 'Rainbow', namespace, connectorId: 'walletConnect', ...extra })
}

describe('connection reducer', () => {
  it('starts disconnected with nothing pending (SPEC §3 connection state, §4)', () => {
    const kernel = start()
    expect(kernel.getState().connection).toEqual(initialConnectionState)
    expect(kernel.getState().connection.status).toBe('disconnected')
  })

  it('at start the status is connecting if the stored status is connected (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: { connectionStatus: 'connected', connectedNamespaces: ['eip155'] } }))
    expect(kernel.getState().connection.status).toBe('connecting')
    expect(kernel.getState().connection.restoringNamespaces).toEqual(['eip155'])
  })

  it('at start a stored disconnected or missing status stays disconnected (SPEC §4)', () => {
    const kernel = start()
    const before = kernel.getState().connection
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: { connectionStatus: 'disconnected' } }))
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
    expect(kernel.getState().connection).toBe(before)
  })

  it('the status follows a wallet connect’s own events (no setter beside them): started is connecting, success connected; a failure ends it, connected where another namespace is, else disconnected unless one is being restored (SPEC §4)', () => {
    const kernel = start()
    const status = () => kernel.getState().connection.status
    const success = createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'MetaMask', namespace: 'eip155', connectorId: 'io.metamask' })
    kernel.dispatch(createEvent('CONNECT_STARTED', { connectorId: 'io.metamask' }))
    expect(status()).toBe('connecting')
    kernel.dispatch(createEvent('USER_REJECTED', { message: 'User rejected the request.' }))
    expect(status()).toBe('disconnected')
    kernel.dispatch(createEvent('CONNECT_STARTED', { connectorId: 'io.metamask' }))
    kernel.dispatch(success)
    expect(status()).toBe('connected')
    // Connected on eip155; a Solana wallet fails: still connected.
    kernel.dispatch(createEvent('CONNECT_STARTED', { connectorId: 'phantom' }))
    expect(status()).toBe('connecting')
    kernel.dispatch(createEvent('CONNECT_ERROR', { message: 'Internal error' }))
    expect(status()).toBe('connected')
    // A restore still running keeps connecting through another wallet's failure.
    const restoring = start()
    restoring.dispatch(createEvent('STORAGE_HYDRATED', { values: { connectionStatus: 'connected', connectedNamespaces: ['solana'] } }))
    restoring.dispatch(createEvent('CONNECT_STARTED', { connectorId: 'io.metamask' }))
    restoring.dispatch(createEvent('CONNECT_ERROR', { message: 'Internal error' }))
    expect(restoring.getState().connection.status).toBe('connecting')
  })

  it('finalising a connection sets connected and saves the deep link and the recent wallet (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(connect('eip155', { wallet, deepLink }))
    const state = kernel.getState().connection
    expect(state.status).toBe('connected')
    expect(state.wcLinking).toEqual(deepLink)
    expect(state.recentWallet).toEqual(wallet)
    expect(state.connectedNamespaces).toEqual(['eip155'])
  })

  it('a connection without a deep link keeps the link chosen before (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('DEEP_LINK_CHOSEN', { linking: deepLink }))
    kernel.dispatch(connect('eip155'))
    expect(kernel.getState().connection.wcLinking).toEqual(deepLink)
  })

  it('a restored namespace that connects ends the restore (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: { connectionStatus: 'connected', connectedNamespaces: ['eip155', 'solana'] } }))
    kernel.dispatch(connect('solana'))
    expect(kernel.getState().connection.status).toBe('connected')
    expect(kernel.getState().connection.restoringNamespaces).toEqual(['eip155'])
  })

  it('reset returns to disconnected and clears the uri, pairing expiry, link and recent wallet (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('WC_PAIRING_STARTED', {}))
    kernel.dispatch(createEvent('WC_PAIRING_OFFERED', { uri: 'wc:abc@2', expiry: 1_700_000_300_000 }))
    kernel.dispatch(connect('eip155', { wallet, deepLink }))
    kernel.dispatch(createEvent('CONNECTION_RESET', { namespace: 'eip155' }))
    const state = kernel.getState().connection
    expect(state.status).toBe('disconnected')
    expect(state.wcUri).toBeNull()
    expect(state.wcPairingExpiry).toBeNull()
    expect(state.wcLinking).toBeNull()
    expect(state.recentWallet).toBeNull()
    expect(state.buffering).toBe(false)
    expect(state.wcError).toBe(false)
    expect(state.connectedNamespaces).toEqual([])
  })

  it('disconnecting one namespace while another is connected stays connected (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(connect('eip155'))
    kernel.dispatch(connect('solana'))
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: 'eip155' }))
    expect(kernel.getState().connection.status).toBe('connected')
    expect(kernel.getState().connection.connectedNamespaces).toEqual(['solana'])
  })

  it('disconnecting the last connected namespace sets disconnected (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(connect('eip155'))
    kernel.dispatch(connect('solana'))
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: 'eip155' }))
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: 'solana' }))
    expect(kernel.getState().connection.status).toBe('disconnected')
  })

  it('disconnecting every namespace (null) sets disconnected (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(connect('eip155'))
    kernel.dispatch(connect('solana'))
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: null }))
    expect(kernel.getState().connection.status).toBe('disconnected')
    expect(kernel.getState().connection.connectedNamespaces).toEqual([])
  })

  it('a failed connection check ends the restore; with none left the status is disconnected (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: { connectionStatus: 'connected', connectedNamespaces: ['eip155', 'solana'] } }))
    kernel.dispatch(createEvent('CONNECTION_CHECK_FAILED', { namespace: 'eip155' }))
    expect(kernel.getState().connection.status).toBe('connecting')
    kernel.dispatch(createEvent('CONNECTION_CHECK_FAILED', { namespace: 'solana' }))
    expect(kernel.getState().connection.status).toBe('disconnected')
  })

  it('a failed check for every namespace (null) while connecting sets disconnected (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: { connectionStatus: 'connected' } }))
    kernel.dispatch(createEvent('CONNECTION_CHECK_FAILED', { namespace: null }))
    expect(kernel.getState().connection.status).toBe('disconnected')
  })

  it('a failed check does not disconnect a namespace that is connected (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(connect('eip155'))
    kernel.dispatch(createEvent('CONNECTION_CHECK_FAILED', { namespace: 'solana' }))
    expect(kernel.getState().connection.status).toBe('connected')
  })

  it('the relay pairing, one event per transition: started buffers, offered shows the uri, approved spends it (SPEC §3 wcUri, wcPairingExpiry, buffering)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('WC_PAIRING_STARTED', {}))
    expect(kernel.getState().connection).toMatchObject({ buffering: true, wcUri: null, wcError: false })
    kernel.dispatch(createEvent('WC_PAIRING_OFFERED', { uri: 'wc:abc@2', expiry: 1_700_000_300_000 }))
    expect(kernel.getState().connection).toMatchObject({ buffering: false, wcUri: 'wc:abc@2', wcPairingExpiry: 1_700_000_300_000 })
    kernel.dispatch(createEvent('WC_PAIRING_APPROVED', {}))
    expect(kernel.getState().connection).toMatchObject({ buffering: false, wcUri: null, wcPairingExpiry: null, wcError: false })
  })

  it('a failed pairing is recorded, ends buffering and drops its uri; the next start clears the error and the link (SPEC §3 wcError, wcLinking)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('DEEP_LINK_CHOSEN', { linking: deepLink }))
    kernel.dispatch(createEvent('WC_PAIRING_STARTED', {}))
    expect(kernel.getState().connection.wcLinking).toBeNull()
    kernel.dispatch(createEvent('WC_PAIRING_OFFERED', { uri: 'wc:abc@2', expiry: 1_700_000_300_000 }))
    kernel.dispatch(createEvent('WC_PAIRING_FAILED', {}))
    expect(kernel.getState().connection).toMatchObject({ wcError: true, buffering: false, wcUri: null, wcPairingExpiry: null })
    kernel.dispatch(createEvent('DEEP_LINK_CHOSEN', { linking: deepLink }))
    expect(kernel.getState().connection.wcLinking).toEqual(deepLink)
    kernel.dispatch(createEvent('WC_PAIRING_STARTED', {}))
    expect(kernel.getState().connection).toMatchObject({ wcError: false, buffering: true, wcLinking: null })
  })

  it('the status follows the pairing’s own events (no CONNECTION_STATUS_CHANGED beside them): started is connecting; a failure ends it, connected where another namespace is, else disconnected', () => {
    const kernel = start()
    kernel.dispatch(createEvent('WC_PAIRING_STARTED', {}))
    expect(kernel.getState().connection.status).toBe('connecting')
    kernel.dispatch(createEvent('WC_PAIRING_FAILED', {}))
    expect(kernel.getState().connection.status).toBe('disconnected')
    kernel.dispatch(connect('eip155'))
    kernel.dispatch(createEvent('WC_PAIRING_STARTED', {}))
    expect(kernel.getState().connection.status).toBe('connecting')
    kernel.dispatch(createEvent('WC_PAIRING_FAILED', {}))
    expect(kernel.getState().connection).toMatchObject({ status: 'connected', connectedNamespaces: ['eip155'] })
  })

  it('a failed pairing leaves a restore still running: the status stays connecting until it ends', () => {
    const kernel = start()
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: { connectionStatus: 'connected', connectedNamespaces: ['solana'] } }))
    kernel.dispatch(createEvent('WC_PAIRING_STARTED', {}))
    kernel.dispatch(createEvent('WC_PAIRING_FAILED', {}))
    expect(kernel.getState().connection).toMatchObject({ status: 'connecting', restoringNamespaces: ['solana'] })
    kernel.dispatch(createEvent('CONNECTION_CHECK_FAILED', { namespace: 'solana' }))
    expect(kernel.getState().connection.status).toBe('disconnected')
  })

  it('a connect request is pending until answered: USER_REJECTED declines it, CONNECT_ERROR fails it (SPEC §8 4001)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'io.metamask' }))
    expect(kernel.getState().connection.connectAttempt).toEqual({ connectorId: 'io.metamask', phase: 'pending' })
    kernel.dispatch(createEvent('USER_REJECTED', { message: 'User rejected the request.' }))
    expect(kernel.getState().connection.connectAttempt).toEqual({ connectorId: 'io.metamask', phase: 'declined' })
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'io.metamask' }))
    kernel.dispatch(createEvent('CONNECT_ERROR', { message: 'Internal error' }))
    expect(kernel.getState().connection.connectAttempt).toEqual({ connectorId: 'io.metamask', phase: 'failed' })
  })

  it('a new request replaces an answered one: a retry, or another connector, waits again', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'io.metamask' }))
    kernel.dispatch(createEvent('USER_REJECTED', { message: 'User rejected the request.' }))
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'io.rabby' }))
    expect(kernel.getState().connection.connectAttempt).toEqual({ connectorId: 'io.rabby', phase: 'pending' })
  })

  it('a connection through the requested connector ends the request; one through another leaves it waiting', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'io.metamask' }))
    kernel.dispatch(connect('eip155'))
    expect(kernel.getState().connection.connectAttempt).toEqual({ connectorId: 'io.metamask', phase: 'pending' })
    kernel.dispatch(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'MetaMask', namespace: 'eip155', connectorId: 'io.metamask' }))
    expect(kernel.getState().connection.connectAttempt).toBeNull()
    // An answer with no request waiting has nothing to answer.
    const before = kernel.getState().connection
    kernel.dispatch(createEvent('CONNECT_ERROR', { message: 'Internal error' }))
    expect(kernel.getState().connection).toBe(before)
  })

  it('a disconnect or a reset leaves a request in flight: its answer still lands', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'io.metamask' }))
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: null }))
    kernel.dispatch(createEvent('CONNECTION_RESET', { namespace: null }))
    expect(kernel.getState().connection.connectAttempt).toEqual({ connectorId: 'io.metamask', phase: 'pending' })
    kernel.dispatch(createEvent('USER_REJECTED', { message: 'User rejected the request.' }))
    expect(kernel.getState().connection.connectAttempt?.phase).toBe('declined')
  })

  it('a repeated request while one waits, or the same answer again, keeps the same slice (kernel contract)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'io.metamask' }))
    const pending = kernel.getState().connection
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'io.metamask' }))
    expect(kernel.getState().connection).toBe(pending)
    kernel.dispatch(createEvent('USER_REJECTED', { message: 'User rejected the request.' }))
    const declined = kernel.getState().connection
    kernel.dispatch(createEvent('USER_REJECTED', { message: 'User rejected the request.' }))
    expect(kernel.getState().connection).toBe(declined)
  })

  it('an event the module does not handle, or that changes nothing, keeps the same slice (kernel contract)', () => {
    const kernel = start()
    const before = kernel.getState().connection
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: false }))
    kernel.dispatch(createEvent('WC_PAIRING_APPROVED', {}))
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: null }))
    kernel.dispatch(createEvent('USER_REJECTED', { message: 'no request waits' }))
    expect(kernel.getState().connection).toBe(before)
  })

  it('folding the log gives the live state (DESIGN: the log is the truth)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: { connectionStatus: 'connected', connectedNamespaces: ['eip155'] } }))
    kernel.dispatch(connect('eip155', { wallet }))
    kernel.dispatch(createEvent('WC_PAIRING_OFFERED', { uri: 'wc:x', expiry: 1 }))
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'io.metamask' }))
    kernel.dispatch(createEvent('CONNECT_ERROR', { message: 'Internal error' }))
    expect(kernel.replay().connection).toEqual(kernel.getState().connection)
  })
})
