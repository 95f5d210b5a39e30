import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { StoredValues } from '../../events/shapes/storage'
import { createStorageModule } from './module'

function start(values: StoredValues = {}) {
  const kernel = createKernel({ modules: [createStorageModule()], deps: defaultDeps({ storage: memoryStorage() }) })
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values }))
  return kernel
}

const loggedIn: StoredValues = {
  lastUsedChain: 'eip155',
  activeNamespace: 'eip155',
  connectionStatus: 'connected',
  connectedNamespaces: ['eip155'],
  connectedConnectorIds: { eip155: 'ID_AUTH' },
}

function connect(namespace: ChainNamespace, connectorId: string, wallet?: { id: string; name: string }, deepLink?: { href: string; name: string }) {
  return createEvent('CONNECT_SUCCESS', {
    method: 'qrcode',
    name: wallet?.name ?? connectorId,
    namespace,
    connectorId,
    ...(wallet ? { wallet } : {}),
    ...(deepLink ? { deepLink } : {}),
  })
}

describe('storage mirror reducer', () => {
  it('STORAGE_HYDRATED sets the mirror to what storage held (SPEC §3 browser storage)', () => {
    const kernel = start(loggedIn)
    expect(kernel.getState().storage).toEqual(loggedIn)
  })

  it('a network switch records the active network id and its namespace (SPEC §4 switch network)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))
    expect(kernel.getState().storage).toEqual({ activeCaipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', activeNamespace: 'solana' })
  })

  it('a malformed network id is not stored (SPEC §5 network ids)', () => {
    const kernel = start({ activeCaipNetworkId: 'eip155:1' })
    const before = kernel.getState().storage
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:1:0xab' }))
    expect(kernel.getState().storage).toBe(before)
  })

  it('finalising a connection stores status, connector id, namespace, recent wallet and deep link (SPEC §3, §4)', () => {
    const kernel = start()
    kernel.dispatch(connect('eip155', 'walletConnect', { id: 'rainbow', name: 'Rainbow' }, { href: 'rainbow://', name: 'Rainbow' }))
    expect(kernel.getState().storage).toEqual({
      connectionStatus: 'connected',
      connectedConnectorIds: { eip155: 'walletConnect' },
      connectedNamespaces: ['eip155'],
      recentWallets: [{ id: 'rainbow', name: 'Rainbow' }],
      deepLinkChoice: { href: 'rainbow://', name: 'Rainbow' },
      connections: { eip155: [{ connectorId: 'walletConnect', accounts: [] }] },
    })
  })

  it('keeps the latest 2 recent wallets, newest first, each id once (SPEC §3, §9)', () => {
    const kernel = start()
    kernel.dispatch(connect('eip155', 'walletConnect', { id: 'a', name: 'A' }))
    kernel.dispatch(connect('eip155', 'walletConnect', { id: 'b', name: 'B' }))
    kernel.dispatch(connect('eip155', 'walletConnect', { id: 'a', name: 'A' }))
    expect(kernel.getState().storage.recentWallets?.map((w) => w.id)).toEqual(['a', 'b'])
    kernel.dispatch(connect('eip155', 'walletConnect', { id: 'c', name: 'C' }))
    expect(kernel.getState().storage.recentWallets?.map((w) => w.id)).toEqual(['c', 'a'])
  })

  it('connecting a second namespace adds it and keeps the first (SPEC §3 connected namespaces)', () => {
    const kernel = start()
    kernel.dispatch(connect('eip155', 'io.metamask'))
    kernel.dispatch(connect('solana', 'phantom'))
    kernel.dispatch(connect('solana', 'phantom'))
    expect(kernel.getState().storage.connectedNamespaces).toEqual(['eip155', 'solana'])
    expect(kernel.getState().storage.connectedConnectorIds).toEqual({ eip155: 'io.metamask', solana: 'phantom' })
  })

  it('a disconnect clears the last chain and stores disconnected (SPEC §4; email and socials clear their own keys)', () => {
    const kernel = start(loggedIn)
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: 'eip155' }))
    expect(kernel.getState().storage).toEqual({ activeNamespace: 'eip155', connectionStatus: 'disconnected' })
  })

  it('a disconnect of one namespace keeps another connected one and the connected status (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(connect('eip155', 'io.metamask'))
    kernel.dispatch(connect('solana', 'phantom'))
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: 'eip155' }))
    expect(kernel.getState().storage).toMatchObject({
      connectionStatus: 'connected',
      connectedNamespaces: ['solana'],
      connectedConnectorIds: { solana: 'phantom' },
    })
  })

  it('a failed or negative connection check clears the login fields and stores disconnected (SPEC §4)', () => {
    const kernel = start(loggedIn)
    kernel.dispatch(createEvent('CONNECTION_CHECK_FAILED', { namespace: null }))
    const state = kernel.getState().storage
    expect(state.lastUsedChain).toBeUndefined()
    expect(state.connectionStatus).toBe('disconnected')
    expect(state.connectedNamespaces).toBeUndefined()
  })

  it('reset clears the stored deep link and the connector id of its namespace (SPEC §4 reset)', () => {
    const kernel = start({ deepLinkChoice: { href: 'x://', name: 'X' }, connectedConnectorIds: { eip155: 'walletConnect', solana: 'phantom' } })
    kernel.dispatch(createEvent('CONNECTION_RESET', { namespace: 'eip155' }))
    expect(kernel.getState().storage).toEqual({ connectedConnectorIds: { solana: 'phantom' }, connectionStatus: 'disconnected' })
    kernel.dispatch(createEvent('CONNECTION_RESET', { namespace: null }))
    expect(kernel.getState().storage).toEqual({ connectionStatus: 'disconnected' })
  })

  it('a disconnect whose wallet never answered (DISCONNECT_ERROR, then reset) stores disconnected too (SPEC §4)', () => {
    const kernel = start(loggedIn)
    kernel.dispatch(createEvent('DISCONNECT_ERROR', { message: 'Failed to disconnect' }))
    kernel.dispatch(createEvent('CONNECTION_RESET', { namespace: 'eip155' }))
    expect(kernel.getState().storage).toEqual({ activeNamespace: 'eip155', connectionStatus: 'disconnected' })
    // Of one namespace: another connected one keeps the connected status.
    const two = start()
    two.dispatch(connect('eip155', 'io.metamask'))
    two.dispatch(connect('solana', 'phantom'))
    two.dispatch(createEvent('CONNECTION_RESET', { namespace: 'eip155' }))
    expect(two.getState().storage).toMatchObject({
      connectionStatus: 'connected',
      connectedNamespaces: ['solana'],
      connectedConnectorIds: { solana: 'phantom' },
    })
  })

  it('the preferred account type is stored, and a failed change stores EOA (SPEC §4 preferred account type)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('PREFERRED_ACCOUNT_TYPE_STORED', { namespace: 'eip155', accountType: 'smartAccount' }))
    expect(kernel.getState().storage.preferredAccountTypes).toEqual({ eip155: 'smartAccount' })
    kernel.dispatch(createEvent('SET_PREFERRED_ACCOUNT_TYPE', { namespace: 'solana', accountType: 'eoa', network: null }))
    expect(kernel.getState().storage.preferredAccountTypes).toEqual({ eip155: 'smartAccount', solana: 'eoa' })
    kernel.dispatch(createEvent('PREFERRED_ACCOUNT_TYPE_FAILED', { namespace: 'eip155', message: 'x' }))
    expect(kernel.getState().storage.preferredAccountTypes).toEqual({ eip155: 'eoa', solana: 'eoa' })
  })

  it('a stored last used chain is kept, and a disconnect clears it (SPEC §3 last used chain, §4)', () => {
    const kernel = start({ lastUsedChain: 'solana' })
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:1' }))
    expect(kernel.getState().storage.lastUsedChain).toBe('solana')
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: null }))
    expect(kernel.getState().storage.lastUsedChain).toBeUndefined()
  })

  it('smart-account-enabled networks are stored, keeping only CAIP-2 ids (SPEC §3, §5)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('SMART_ACCOUNT_NETWORKS_REPORTED', { caipNetworkIds: ['eip155:1', 'eip155:8453', 'bad,id'] }))
    expect(kernel.getState().storage.smartAccountEnabledNetworks).toEqual(['eip155:1', 'eip155:8453'])
  })

  it('stored connections are kept (SPEC §3 connections)', () => {
    const list = [{ connectorId: 'io.metamask', accounts: [{ address: '0x1' }, { address: '0x2' }] }]
    const kernel = start({ connections: { eip155: list, solana: [] } })
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:1' }))
    expect(kernel.getState().storage.connections).toEqual({ eip155: list, solana: [] })
  })

  it('an event that changes nothing keeps the same mirror (kernel contract)', () => {
    const kernel = start({ lastUsedChain: 'eip155' })
    const before = kernel.getState().storage
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: false }))
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'not an id' }))
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: false }))
    expect(kernel.getState().storage).toBe(before)
  })
})
