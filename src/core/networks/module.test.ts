import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel, type Kernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import { resolveOptions } from '../options/resolve'
import { networksModule } from './module'
import { accountModule } from '../account/module'
import { selectActiveNetwork, selectNamespaceRecord } from './selectors'
import { ethereum } from './chains/ethereum'
import { polygon } from './chains/polygon'
import { base } from './chains/base'
import { solana } from './chains/solana'
import { solanaDevnet } from './chains/solanaDevnet'
import { bitcoin } from './chains/bitcoin'

function start(options: Record<string, unknown> = {}): Kernel {
  const deps = defaultDeps({ storage: memoryStorage(), scheduler: new VirtualTimeScheduler(), fetch: undefined, window: undefined })
  const kernel = createKernel({ modules: [networksModule], deps })
  const { options: resolved } = resolveOptions({ projectId: 'p1', networks: [ethereum, polygon, solana, solanaDevnet], ...options })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolved }))
  return kernel
}

const types = (kernel: Kernel) => kernel.log().map((e) => e.type)

describe('networks module: options and hydration', () => {
  it('groups the configured networks by namespace, each requested, the first active (SPEC §3)', () => {
    const state = start().getState().networks
    expect(state.byNamespace.eip155.networks).toEqual([ethereum, polygon])
    expect(state.byNamespace.solana.networks).toEqual([solana, solanaDevnet])
    expect(state.byNamespace.bip122.networks).toEqual([])
    expect(state.byNamespace.solana.networkState).toEqual({
      selectedCaipNetworkId: solana.caipNetworkId,
      supportsAllNetworks: true,
      smartAccountEnabledNetworks: [],
      approvedCaipNetworkIds: [],
      requestedCaipNetworks: [solana, solanaDevnet],
    })
    expect([state.activeNamespace, state.activeCaipNetworkId]).toEqual(['eip155', 'eip155:1'])
    expect(state.adapters).toEqual(['eip155', 'solana'])
  })

  it('starts on the default network and selects it in its namespace (SPEC §3 defaultNetwork)', () => {
    const state = start({ defaultNetwork: solanaDevnet }).getState().networks
    expect(state.activeCaipNetworkId).toBe(solanaDevnet.caipNetworkId)
    expect(state.activeNamespace).toBe('solana')
    expect(state.byNamespace.solana.networkState.selectedCaipNetworkId).toBe(solanaDevnet.caipNetworkId)
    expect(state.byNamespace.eip155.networkState.selectedCaipNetworkId).toBe('eip155:1')
  })

  it('restores the stored active network only when it is configured (SPEC §3 browser storage)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: { activeCaipNetworkId: 'eip155:137' } }))
    expect(kernel.getState().networks.activeCaipNetworkId).toBe('eip155:137')
    const before = kernel.getState().networks
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: { activeCaipNetworkId: 'eip155:5' } }))
    expect(kernel.getState().networks).toBe(before)
  })

  it('restores a stored namespace on its selected network, and the stored smart-account networks (SPEC §3)', () => {
    const kernel = start()
    kernel.dispatch(
      createEvent('STORAGE_HYDRATED', { values: { activeNamespace: 'solana', smartAccountEnabledNetworks: ['eip155:1', 'eip155:137', solana.caipNetworkId] } }),
    )
    const state = kernel.getState().networks
    expect(state.activeCaipNetworkId).toBe(solana.caipNetworkId)
    expect(state.byNamespace.eip155.networkState.smartAccountEnabledNetworks).toEqual(['eip155:1', 'eip155:137'])
    expect(state.byNamespace.solana.networkState.smartAccountEnabledNetworks).toEqual([solana.caipNetworkId])
  })

  it('leaves the slice untouched for an event it does not handle', () => {
    const kernel = start()
    const before = kernel.getState().networks
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: false }))
    expect(kernel.getState().networks).toBe(before)
  })
})

describe('networks module: switching', () => {
  it('records the active network and emits the public SWITCH_NETWORK after each switch (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:137' }))
    const state = kernel.getState().networks
    expect(state.activeCaipNetworkId).toBe('eip155:137')
    expect(state.byNamespace.eip155.networkState.selectedCaipNetworkId).toBe('eip155:137')
    expect(state.isSwitchingNamespace).toBe(false)
    expect(types(kernel).slice(-2)).toEqual(['NETWORK_SWITCHED', 'SWITCH_NETWORK'])
    expect(kernel.log().at(-1)?.payload).toEqual({ network: 'eip155:137' })
  })

  it('sets the is-switching-namespace flag when the namespace changes, until that account is in (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: solana.caipNetworkId }))
    expect(kernel.getState().networks.isSwitchingNamespace).toBe(true)
    expect(kernel.getState().networks.activeNamespace).toBe('solana')
    // Another namespace's account does not end it; the new namespace's does.
    kernel.dispatch(createEvent('ACCOUNTS_CHANGED', { namespace: 'eip155', address: null, caipAddress: null, allAccounts: [] }))
    expect(kernel.getState().networks.isSwitchingNamespace).toBe(true)
    kernel.dispatch(
      createEvent('ACCOUNTS_CHANGED', {
        namespace: 'solana',
        address: 'abc',
        caipAddress: `${solana.caipNetworkId}:abc`,
        allAccounts: [{ address: 'abc', type: 'eoa' }],
      }),
    )
    expect(kernel.getState().networks.isSwitchingNamespace).toBe(false)
  })

  it('a switch to a namespace whose account is in already sets no flag: there is no account to wait for (SPEC §4)', () => {
    const deps = defaultDeps({ storage: memoryStorage(), scheduler: new VirtualTimeScheduler(), fetch: undefined, window: undefined })
    const kernel = createKernel({ modules: [networksModule, accountModule], deps })
    const { options: resolved } = resolveOptions({ projectId: 'p1', networks: [ethereum, solana] })
    kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolved }))
    kernel.dispatch(
      createEvent('ACCOUNTS_CHANGED', {
        namespace: 'solana',
        address: 'abc',
        caipAddress: `${solana.caipNetworkId}:abc`,
        allAccounts: [{ address: 'abc', type: 'eoa' }],
      }),
    )
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: solana.caipNetworkId }))
    expect(kernel.getState().networks.activeNamespace).toBe('solana')
    expect(kernel.getState().networks.isSwitchingNamespace).toBe(false)
  })

  it('a failed switch ends the namespace switch (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: solana.caipNetworkId }))
    kernel.dispatch(createEvent('NETWORK_SWITCH_FAILED', { caipNetworkId: solana.caipNetworkId, message: 'rejected' }))
    expect(kernel.getState().networks.isSwitchingNamespace).toBe(false)
  })

  it('switching to the active network changes nothing in state but is still announced (SPEC §4)', () => {
    const kernel = start()
    const before = kernel.getState().networks
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:1' }))
    expect(kernel.getState().networks).toBe(before)
    expect(types(kernel).at(-1)).toBe('SWITCH_NETWORK')
  })

  it('a chain the site did not configure makes the active network the Unknown Network placeholder (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORK_UNSUPPORTED', { namespace: 'eip155', chainId: 5 }))
    const active = selectActiveNetwork(kernel.getState())
    expect(active).toMatchObject({ id: 5, caipNetworkId: 'eip155:5', chainNamespace: 'eip155', name: 'Unknown Network' })
    expect(kernel.getState().networks.activeCaipNetworkId).toBe('eip155:5')
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:1' }))
    expect(kernel.getState().networks.unsupportedNetwork).toBeNull()
    expect(selectActiveNetwork(kernel.getState())).toEqual(ethereum)
  })

  it('an unsupported report of a configured chain makes that chain active instead (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORK_UNSUPPORTED', { namespace: 'eip155', chainId: '137' }))
    expect(selectActiveNetwork(kernel.getState())).toEqual(polygon)
    expect(kernel.getState().networks.unsupportedNetwork).toBeNull()
  })

  it('a switch to an unconfigured id also lands on the placeholder (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:31337' }))
    expect(selectActiveNetwork(kernel.getState())?.name).toBe('Unknown Network')
  })
})

describe('networks module: adding and removing', () => {
  it('adds a network to its namespace and to the requested list (SPEC §5)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORK_ADDED', { network: base }))
    const record = selectNamespaceRecord('eip155')(kernel.getState())
    expect(record.networks).toEqual([ethereum, polygon, base])
    expect(record.networkState.requestedCaipNetworks).toEqual([ethereum, polygon, base])
  })

  it('ignores a duplicate by id (SPEC §5)', () => {
    const kernel = start()
    const before = kernel.getState().networks
    kernel.dispatch(createEvent('NETWORK_ADDED', { network: { ...polygon, name: 'Polygon again' } }))
    expect(kernel.getState().networks).toBe(before)
  })

  it('needs an adapter for the namespace: otherwise unchanged and "Adapter not found" is reported (SPEC §5, §8)', () => {
    const kernel = start()
    const before = kernel.getState().networks
    kernel.dispatch(createEvent('NETWORK_ADDED', { network: bitcoin }))
    expect(kernel.getState().networks).toBe(before)
    expect(kernel.log().at(-1)).toEqual({
      type: 'MODULE_ERROR',
      payload: {
        moduleId: 'networks',
        hook: 'effect:reportMissingAdapter',
        name: 'AdapterNotFoundError',
        category: 'INTERNAL_SDK_ERROR',
        message: 'Adapter not found',
      },
    })
    kernel.dispatch(createEvent('ADAPTER_ADDED', { namespace: 'bip122' }))
    kernel.dispatch(createEvent('NETWORK_ADDED', { network: bitcoin }))
    expect(kernel.getState().networks.byNamespace.bip122.networks).toEqual([bitcoin])
    expect(types(kernel).at(-1)).toBe('NETWORK_ADDED')
  })

  it('removing a network that is not active keeps the active one (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORK_REMOVED', { caipNetworkId: 'eip155:137' }))
    const state = kernel.getState().networks
    expect(state.byNamespace.eip155.networks).toEqual([ethereum])
    expect(state.byNamespace.eip155.networkState.requestedCaipNetworks).toEqual([ethereum])
    expect(state.activeCaipNetworkId).toBe('eip155:1')
  })

  it('removing the active network falls back to the first network of another chain (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORK_REMOVED', { caipNetworkId: 'eip155:1' }))
    const state = kernel.getState().networks
    expect(state.activeCaipNetworkId).toBe(solana.caipNetworkId)
    expect(state.activeNamespace).toBe('solana')
    // The namespace's own selection moves to what is left there.
    expect(state.byNamespace.eip155.networkState.selectedCaipNetworkId).toBe('eip155:137')
  })

  it('with no other chain, removing the active network falls back within its namespace, then to none (SPEC §4)', () => {
    const kernel = start({ networks: [ethereum, polygon] })
    kernel.dispatch(createEvent('NETWORK_REMOVED', { caipNetworkId: 'eip155:1' }))
    expect(kernel.getState().networks.activeCaipNetworkId).toBe('eip155:137')
    kernel.dispatch(createEvent('NETWORK_REMOVED', { caipNetworkId: 'eip155:137' }))
    expect(kernel.getState().networks.activeCaipNetworkId).toBeNull()
    expect(selectActiveNetwork(kernel.getState())).toBeNull()
  })

  it('removing the last network of a namespace disables that namespace filter (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORK_REMOVED', { caipNetworkId: solana.caipNetworkId }))
    expect(types(kernel).at(-1)).toBe('NETWORK_REMOVED')
    kernel.dispatch(createEvent('NETWORK_REMOVED', { caipNetworkId: solanaDevnet.caipNetworkId }))
    expect(kernel.log().at(-1)).toEqual({ type: 'NAMESPACE_EMPTIED', payload: { namespace: 'solana' } })
  })

  it('removing an id that is not configured changes nothing and disables nothing (SPEC §4)', () => {
    const kernel = start({ networks: [ethereum] })
    kernel.dispatch(createEvent('NETWORK_REMOVED', { caipNetworkId: solana.caipNetworkId }))
    const before = kernel.getState().networks
    kernel.dispatch(createEvent('NETWORK_REMOVED', { caipNetworkId: 'eip155:137' }))
    expect(kernel.getState().networks).toBe(before)
    expect(types(kernel)).not.toContain('NAMESPACE_EMPTIED')
  })

  it('removing the active adapter falls back to the first network of another chain (SPEC §4)', () => {
    const kernel = start({ defaultNetwork: solana })
    kernel.dispatch(createEvent('ADAPTER_REMOVED', { namespace: 'solana' }))
    const state = kernel.getState().networks
    expect(state.adapters).toEqual(['eip155'])
    expect(state.activeCaipNetworkId).toBe('eip155:1')
    expect(state.byNamespace.solana.networks).toEqual([])
  })

  it('removing an adapter that is not active keeps the active network (SPEC §4)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('ADAPTER_REMOVED', { namespace: 'solana' }))
    expect(kernel.getState().networks.activeCaipNetworkId).toBe('eip155:1')
    const before = kernel.getState().networks
    kernel.dispatch(createEvent('ADAPTER_REMOVED', { namespace: 'solana' }))
    expect(kernel.getState().networks).toBe(before)
  })
})

describe('networks module: network state', () => {
  it('records the approved networks and whether the wallet supports all (SPEC §3 network state)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORKS_APPROVED', { namespace: 'eip155', caipNetworkIds: ['eip155:1'], supportsAllNetworks: false }))
    const state = kernel.getState().networks.byNamespace.eip155.networkState
    expect(state.approvedCaipNetworkIds).toEqual(['eip155:1'])
    expect(state.supportsAllNetworks).toBe(false)
    const before = kernel.getState().networks
    kernel.dispatch(createEvent('NETWORKS_APPROVED', { namespace: 'eip155', caipNetworkIds: ['eip155:1'], supportsAllNetworks: false }))
    expect(kernel.getState().networks).toBe(before)
  })

  it('keeps smart-account networks under the namespace each id names (SPEC §3 network state)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('SMART_ACCOUNT_NETWORKS_REPORTED', { caipNetworkIds: ['eip155:137', 'eip155:137', 'eip155:8453'] }))
    expect(kernel.getState().networks.byNamespace.eip155.networkState.smartAccountEnabledNetworks).toEqual(['eip155:137', 'eip155:8453'])
    kernel.dispatch(createEvent('SMART_ACCOUNT_NETWORKS_REPORTED', { caipNetworkIds: [] }))
    expect(kernel.getState().networks.byNamespace.eip155.networkState.smartAccountEnabledNetworks).toEqual([])
  })

  it('folding the log gives the live state', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: solana.caipNetworkId }))
    kernel.dispatch(createEvent('NETWORK_ADDED', { network: base }))
    kernel.dispatch(createEvent('NETWORK_REMOVED', { caipNetworkId: solana.caipNetworkId }))
    expect(kernel.replay()).toEqual(kernel.getState())
  })
})
