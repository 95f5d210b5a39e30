import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel, type Kernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import { resolveOptions } from '../options/resolve'
import { networksModule } from './module'
import {
  selectActiveNamespace,
  selectActiveNetwork,
  selectAllNetworks,
  selectAllRequestedNetworks,
  selectIsActiveNetworkSupported,
  selectIsSmartAccountEnabled,
  selectNamespaceRecord,
  selectNetworks,
  selectRequestedNetworks,
  selectShowUnsupportedChain,
} from './selectors'
import { ethereum } from './chains/ethereum'
import { polygon } from './chains/polygon'
import { solana } from './chains/solana'

function start(options: Record<string, unknown> = {}): Kernel {
  const deps = defaultDeps({ storage: memoryStorage(), scheduler: new VirtualTimeScheduler(), fetch: undefined, window: undefined })
  const kernel = createKernel({ modules: [networksModule], deps })
  kernel.dispatch(
    createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p1', networks: [ethereum, polygon, solana], ...options }).options }),
  )
  return kernel
}

describe('networks selectors', () => {
  it('return the active network and namespace from state', () => {
    const state = start().getState()
    expect(selectActiveNetwork(state)).toBe(state.networks.byNamespace.eip155.networks[0])
    expect(selectActiveNamespace(state)).toBe('eip155')
  })

  it('return the same reference for the same state, and across changes that do not touch the value', () => {
    const kernel = start()
    const first = kernel.getState()
    const all = selectAllNetworks(first)
    const requested = selectAllRequestedNetworks(first)
    expect(selectAllNetworks(first)).toBe(all)
    expect(selectNetworks('eip155')).toBe(selectNetworks('eip155'))
    expect(selectNamespaceRecord('solana')).toBe(selectNamespaceRecord('solana'))
    // An approval changes the records but not the networks: the lists keep their reference.
    kernel.dispatch(createEvent('NETWORKS_APPROVED', { namespace: 'eip155', caipNetworkIds: ['eip155:1'], supportsAllNetworks: false }))
    const second = kernel.getState()
    expect(second.networks).not.toBe(first.networks)
    expect(selectAllNetworks(second)).toBe(all)
    expect(selectAllRequestedNetworks(second)).toBe(requested)
    expect(selectNetworks('eip155')(second)).toBe(selectNetworks('eip155')(first))
  })

  it('list every network, namespaces in the order they were set up', () => {
    const state = start().getState()
    expect(selectAllNetworks(state).map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:137', solana.caipNetworkId])
    expect(selectNetworks('solana')(state)).toEqual([solana])
    expect(selectNetworks('bip122')(state)).toEqual([])
  })

  it('requested networks are those of the active namespace (SPEC §5 support check)', () => {
    const kernel = start()
    expect(selectRequestedNetworks(kernel.getState())).toEqual([ethereum, polygon])
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: solana.caipNetworkId }))
    expect(selectRequestedNetworks(kernel.getState())).toEqual([solana])
  })

  it('the active network is supported until the wallet lands on an unconfigured chain (SPEC §5)', () => {
    const kernel = start()
    expect(selectIsActiveNetworkSupported(kernel.getState())).toBe(true)
    kernel.dispatch(createEvent('NETWORK_UNSUPPORTED', { namespace: 'eip155', chainId: 5 }))
    expect(selectIsActiveNetworkSupported(kernel.getState())).toBe(false)
  })

  it('shows UnsupportedChain on an unconfigured chain unless allowed or on a basic relay connection (SPEC §2)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('NETWORK_UNSUPPORTED', { namespace: 'eip155', chainId: 5 }))
    expect(selectShowUnsupportedChain(false)(kernel.getState())).toBe(true)
    expect(selectShowUnsupportedChain(true)(kernel.getState())).toBe(false)
    const allowing = start({ allowUnsupportedChain: true })
    allowing.dispatch(createEvent('NETWORK_UNSUPPORTED', { namespace: 'eip155', chainId: 5 }))
    expect(selectShowUnsupportedChain(false)(allowing.getState())).toBe(false)
    const noSwitch = start({ enableNetworkSwitch: false })
    noSwitch.dispatch(createEvent('NETWORK_UNSUPPORTED', { namespace: 'eip155', chainId: 5 }))
    expect(selectShowUnsupportedChain(false)(noSwitch.getState())).toBe(false)
  })

  it('smart account is enabled only on a network of the enabled list (SPEC §5)', () => {
    const kernel = start()
    kernel.dispatch(createEvent('SMART_ACCOUNT_NETWORKS_REPORTED', { caipNetworkIds: ['eip155:137'] }))
    expect(selectIsSmartAccountEnabled(kernel.getState())).toBe(false)
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:137' }))
    expect(selectIsSmartAccountEnabled(kernel.getState())).toBe(true)
  })
})
