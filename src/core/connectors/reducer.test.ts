import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import type { Connector } from '../../events/shapes/connector'
import { connectorsModule } from './module'
import { resolveOptions } from '../options/resolve'
import { ethereum } from '../networks/chains/ethereum'
import { solana } from '../networks/chains/solana'

function start() {
  return createKernel({ modules: [connectorsModule], deps: defaultDeps({ storage: memoryStorage() }) })
}

const metamask: Connector = { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155', rdns: 'io.metamask' }
const phantomEvm: Connector = { id: 'app.phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'eip155', rdns: 'app.phantom' }
const phantomSol: Connector = { id: 'phantom', name: 'Phantom', type: 'INJECTED', chain: 'solana' }
const walletConnect: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }

describe('connectors reducer', () => {
  it('starts empty with every namespace shown and no active connector (SPEC §3 connector state)', () => {
    const state = start().getState().connectors
    expect(state.allConnectors).toEqual([])
    expect(state.connectors).toEqual([])
    expect(state.activeConnector).toBeNull()
    expect(state.activeConnectorIds).toEqual({ eip155: null, solana: null, polkadot: null, bip122: null, cosmos: null })
    expect(state.filterByNamespace).toEqual({ eip155: true, solana: true, polkadot: true, bip122: true, cosmos: true })
  })

  it('announced and added connectors are listed, same-name ones merged (SPEC §3 connectors, MULTI_CHAIN)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [walletConnect] }))
    kernel.dispatch(createEvent('CONNECTORS_ANNOUNCED', { connectors: [metamask, phantomEvm] }))
    kernel.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [phantomSol] }))
    const state = kernel.getState().connectors
    expect(state.allConnectors).toEqual([walletConnect, metamask, phantomEvm, phantomSol])
    expect(state.connectors.map((c) => [c.name, c.type])).toEqual([
      ['WalletConnect', 'WALLET_CONNECT'],
      ['MetaMask', 'ANNOUNCED'],
      ['Phantom', 'MULTI_CHAIN'],
    ])
  })

  it('a wallet announced again changes nothing, not even the reference (SPEC §3 connector state)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECTORS_ANNOUNCED', { connectors: [metamask] }))
    const before = kernel.getState().connectors
    kernel.dispatch(createEvent('CONNECTORS_ANNOUNCED', { connectors: [{ ...metamask, id: 'other-id' }] }))
    expect(kernel.getState().connectors).toBe(before)
  })

  it('CONNECTOR_ACTIVATED records the id per namespace and the connector itself (SPEC §3 activeConnector, activeConnectorIds)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [phantomEvm, phantomSol] }))
    kernel.dispatch(createEvent('CONNECTOR_ACTIVATED', { namespace: 'solana', connectorId: 'phantom' }))
    const state = kernel.getState().connectors
    expect(state.activeConnectorIds.solana).toBe('phantom')
    expect(state.activeConnectorIds.eip155).toBeNull()
    expect(state.activeConnector).toEqual(phantomSol)
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: 'solana' }))
    expect(kernel.getState().connectors.activeConnectorIds.solana).toBeNull()
    expect(kernel.getState().connectors.activeConnector).toBeNull()
  })

  it('an active id not yet announced is kept, with no connector object (SPEC §3 activeConnectorIds)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECTOR_ACTIVATED', { namespace: 'eip155', connectorId: 'io.rabby' }))
    expect(kernel.getState().connectors.activeConnectorIds.eip155).toBe('io.rabby')
    expect(kernel.getState().connectors.activeConnector).toBeNull()
  })

  it('a namespace emptied of networks hides its connectors, once (SPEC §3 namespace filter map, §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [metamask, phantomSol] }))
    kernel.dispatch(createEvent('NAMESPACE_EMPTIED', { namespace: 'solana' }))
    expect(kernel.getState().connectors.filterByNamespace.solana).toBe(false)
    expect(kernel.getState().connectors.connectors).toEqual([metamask])
    expect(kernel.getState().connectors.allConnectors).toEqual([metamask, phantomSol])
    const off = kernel.getState().connectors
    kernel.dispatch(createEvent('NAMESPACE_EMPTIED', { namespace: 'solana' }))
    expect(kernel.getState().connectors).toBe(off)
  })

  it('a connector announced while its namespace is filtered stays hidden (SPEC §3 namespace filter map)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NAMESPACE_EMPTIED', { namespace: 'solana' }))
    kernel.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [phantomSol] }))
    expect(kernel.getState().connectors.connectors).toEqual([])
  })

  it('stored connector ids become the active ids at start (SPEC §3 browser storage: connector id per namespace)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: { connectedConnectorIds: { eip155: 'io.metamask', solana: 'phantom' } } }))
    expect(kernel.getState().connectors.activeConnectorIds).toMatchObject({ eip155: 'io.metamask', solana: 'phantom', bip122: null })
  })

  it('reset removes the connector id of its namespace only (SPEC §4 reset)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [metamask, phantomSol] }))
    kernel.dispatch(createEvent('CONNECTOR_ACTIVATED', { namespace: 'eip155', connectorId: 'io.metamask' }))
    kernel.dispatch(createEvent('CONNECTOR_ACTIVATED', { namespace: 'solana', connectorId: 'phantom' }))
    kernel.dispatch(createEvent('CONNECTION_RESET', { namespace: 'eip155' }))
    const state = kernel.getState().connectors
    expect(state.activeConnectorIds.eip155).toBeNull()
    expect(state.activeConnectorIds.solana).toBe('phantom')
    // The last one made active (solana) is still active.
    expect(state.activeConnector).toEqual(phantomSol)
  })

  it('disconnecting every namespace removes every connector id (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: { connectedConnectorIds: { eip155: 'io.metamask', solana: 'phantom' } } }))
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: null }))
    expect(Object.values(kernel.getState().connectors.activeConnectorIds)).toEqual([null, null, null, null, null])
  })

  it('disconnecting a namespace with no connector keeps the same slice (kernel contract)', () => {
    const kernel = start()
    const before = kernel.getState().connectors
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: 'cosmos' }))
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: false }))
    expect(kernel.getState().connectors).toBe(before)
  })

  it('Connect lists the wallets of the namespaces the site configured networks for; a multi-chain wallet keeps only those members', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECTORS_ANNOUNCED', { connectors: [metamask, phantomEvm, phantomSol] }))
    kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p', networks: [ethereum] }).options }))
    const evmOnly = kernel.getState().connectors
    expect(evmOnly.filterByNamespace).toEqual({ eip155: true, solana: false, polkadot: false, bip122: false, cosmos: false })
    expect(evmOnly.connectors.map((c) => [c.name, c.type])).toEqual([
      ['MetaMask', 'ANNOUNCED'],
      ['Phantom', 'ANNOUNCED'],
    ])
    kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p', networks: [ethereum, solana] }).options }))
    const both = kernel.getState().connectors.connectors
    expect(both.map((c) => [c.name, c.type])).toEqual([
      ['MetaMask', 'ANNOUNCED'],
      ['Phantom', 'MULTI_CHAIN'],
    ])
    expect(both[1]?.connectors?.map((c) => c.chain)).toEqual(['eip155', 'solana'])
  })
})
