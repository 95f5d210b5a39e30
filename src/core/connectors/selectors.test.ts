import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import type { Connector } from '../../events/shapes/connector'
import { connectorsModule } from './module'
import {
  selectActiveConnector,
  selectActiveConnectorId,
  selectAllConnectors,
  selectConnectorById,
  selectConnectorOf,
  selectConnectors,
  selectNamespaceFilter,
} from './selectors'

const metamask: Connector = { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' }
const phantom: Connector = { id: 'phantom', name: 'Phantom', type: 'INJECTED', chain: 'solana' }

function start() {
  return createKernel({ modules: [connectorsModule], deps: defaultDeps({ storage: memoryStorage() }) })
}

describe('connectors selectors', () => {
  it('the connector of a namespace is found from its stored id once it is announced (SPEC §3 activeConnectorIds)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: { connectedConnectorIds: { solana: 'phantom' } } }))
    expect(selectActiveConnectorId('solana')(kernel.getState())).toBe('phantom')
    expect(selectConnectorOf('solana')(kernel.getState())).toBeNull()
    kernel.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [metamask, phantom] }))
    expect(selectConnectorOf('solana')(kernel.getState())).toEqual(phantom)
    expect(selectConnectorOf('eip155')(kernel.getState())).toBeNull()
  })

  it('per-namespace selectors are made once and return state-held references (stable for hooks)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [metamask, phantom] }))
    kernel.dispatch(createEvent('CONNECTOR_ACTIVATED', { namespace: 'eip155', connectorId: 'io.metamask' }))
    expect(selectConnectorOf('eip155')).toBe(selectConnectorOf('eip155'))
    expect(selectActiveConnectorId('eip155')).toBe(selectActiveConnectorId('eip155'))
    const before = kernel.getState()
    kernel.dispatch(createEvent('NAMESPACE_EMPTIED', { namespace: 'cosmos' }))
    const after = kernel.getState()
    expect(selectConnectorOf('eip155')(after)).toBe(selectConnectorOf('eip155')(before))
    expect(selectAllConnectors(after)).toBe(selectAllConnectors(before))
    expect(selectActiveConnector(after)).toBe(selectActiveConnector(before))
  })

  it('read the lists, the filter map and a connector by id (SPEC §3 connector state)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [metamask, phantom] }))
    const state = kernel.getState()
    expect(selectConnectors(state).map((c) => c.id)).toEqual(['io.metamask', 'phantom'])
    expect(selectNamespaceFilter(state).solana).toBe(true)
    expect(selectConnectorById(state, 'phantom')).toEqual(phantom)
    expect(selectConnectorById(state, 'phantom', 'eip155')).toBeNull()
  })
})
