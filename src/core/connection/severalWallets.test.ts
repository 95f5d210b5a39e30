/**
 * Several wallets at once (issue 28 §2): the connection slice holds every wallet connected in a
 * namespace, in the order they connected, and the storage mirror keeps them for a reload. One
 * leaving (CONNECTION_REMOVED) leaves the others; a namespace's disconnect, reset or failed check
 * ends them all.
 */
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import { coreModules } from '../modules'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function start() {
  const kernel = createKernel({ modules: coreModules, deps: defaultDeps({ storage: memoryStorage(), fetch: undefined, window: undefined }) })
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
  return kernel
}

const connected = (connectorId: string, address: string) =>
  createEvent('CONNECT_SUCCESS', { method: 'browser', name: connectorId, namespace: 'eip155', connectorId, caipAddress: `eip155:1:${address}` })

describe('several wallets in one namespace (issue 28 §2)', () => {
  it('a second connect keeps the first wallet; the same wallet again is one entry with its new account', () => {
    const kernel = start()
    kernel.dispatch(connected('io.metamask', A))
    kernel.dispatch(connected('io.rabby', B))
    kernel.dispatch(connected('io.rabby', A))
    const expected = [
      { connectorId: 'io.metamask', accounts: [{ address: A }] },
      { connectorId: 'io.rabby', accounts: [{ address: A }] },
    ]
    expect(kernel.getState().connection.connections.eip155).toEqual(expected)
    expect(kernel.getState().storage.connections?.eip155).toEqual(expected)
  })

  it('removing one leaves the other connected; a held wallet and a switch are recorded', () => {
    const kernel = start()
    kernel.dispatch(connected('io.metamask', A))
    kernel.dispatch(createEvent('CONNECTION_HELD', { namespace: 'eip155', connectorId: 'io.rabby', address: B }))
    kernel.dispatch(createEvent('ACTIVE_CONNECTION_CHANGED', { namespace: 'eip155', connectorId: 'io.rabby', caipAddress: `eip155:1:${B}` }))
    expect(kernel.getState().storage.connectedConnectorIds).toEqual({ eip155: 'io.rabby' })
    kernel.dispatch(createEvent('CONNECTION_REMOVED', { namespace: 'eip155', connectorId: 'io.metamask' }))
    expect(kernel.getState().connection.connections.eip155).toEqual([{ connectorId: 'io.rabby', accounts: [{ address: B }] }])
    expect(kernel.getState().storage.connections).toEqual({ eip155: [{ connectorId: 'io.rabby', accounts: [{ address: B }] }] })
    expect(kernel.getState().connection.status).toBe('connected')
  })

  it.each(['DISCONNECT_SUCCESS', 'CONNECTION_RESET', 'CONNECTION_CHECK_FAILED'] as const)('%s of the namespace ends every wallet it held', (type) => {
    const kernel = start()
    kernel.dispatch(connected('io.metamask', A))
    kernel.dispatch(connected('io.rabby', B))
    kernel.dispatch(createEvent(type, { namespace: 'eip155' }))
    expect(kernel.getState().connection.connections).toEqual({})
    expect(kernel.getState().storage.connections).toBeUndefined()
  })
})
