/**
 * SPEC §9 "Names and activity: eip155": the Activity tab and the history it reads are for an
 * eip155 account only. The plugin's own contribution and target, in a test kernel with the core,
 * with a wallet connected on Ethereum and on Solana, the active network switched between them.
 */
import { describe, expect, it } from 'vitest'
import { createEvent } from '../../kernel/registry'
import { createTestKernel } from '../../testing/testKernel'
import { selectAccountTabs } from '../../core/contributions/selectors'
import { ethereum } from '../../core/networks/chains/ethereum'
import { solana } from '../../core/networks/chains/solana'
import { contributionsOf } from '../../kernel/contributions'
import activityModule from './index'
import { activityAccount } from './target'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

describe('activity namespaces (SPEC §9 "Names and activity: eip155")', () => {
  it('shows the Activity tab and reads the history of an eip155 account only', () => {
    const kernel = createTestKernel({ options: { projectId: 'p', networks: [ethereum, solana] } })
    kernel.dispatch(createEvent('PLUGIN_LOADED', { id: activityModule.id, ...contributionsOf(activityModule, new Set()) }))
    for (const [namespace, network, address] of [
      ['eip155', ethereum.caipNetworkId, EVM],
      ['solana', solana.caipNetworkId, SOL],
    ] as const) {
      const caipAddress = `${network}:${address}`
      kernel.dispatch(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace, connectorId: `w-${namespace}`, caipAddress }))
      kernel.dispatch(createEvent('CONNECTOR_ACTIVATED', { namespace, connectorId: `w-${namespace}` }))
      kernel.dispatch(createEvent('ACCOUNTS_CHANGED', { namespace, address, caipAddress, allAccounts: [{ address, type: 'eoa' }] }))
    }
    const on = (caipNetworkId: string) => {
      kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId }))
      const state = kernel.getState()
      expect(state.networks.activeCaipNetworkId).toBe(caipNetworkId)
      return { tab: selectAccountTabs(state).some((tab) => tab.moduleId === 'activity'), history: activityAccount(state) }
    }
    expect(on(ethereum.caipNetworkId)).toEqual({ tab: true, history: `${ethereum.caipNetworkId}:${EVM}` })
    // The Solana account is connected too: no tab, no history asked for it.
    expect(on(solana.caipNetworkId)).toEqual({ tab: false, history: null })
    expect(on(ethereum.caipNetworkId).tab).toBe(true)
  })
})
