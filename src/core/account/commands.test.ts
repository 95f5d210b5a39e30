import { describe, expect, it } from 'vitest'
import { AirlockError } from '../../kernel/errors'
import type { ChainNamespace } from '../../events/shapes/namespace'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import { networksModule } from '../networks/module'
import { contributionsModule } from '../contributions/module'
import { solana } from '../networks/chains/solana'
import { chooseAccountTab, setPreferredAccountType, updateChainAccountData } from './commands'
import { accountModule } from './module'
import { tabsKernel } from '../../../tests/support/tabsKernel'
import { selectCurrentAccountTab } from './tabSelectors'

function thrown(run: () => unknown): AirlockError {
  try {
    run()
  } catch (error) {
    if (error instanceof AirlockError) return error
    throw error
  }
  throw new Error('expected an AirlockError')
}

describe('account commands', () => {
  it('updateChainAccountData without a chain throws "Chain is required to update chain account data" (SPEC §5, §8)', () => {
    expect(thrown(() => updateChainAccountData(undefined, 'eip155:1', ['0x1'])).message).toBe('Chain is required to update chain account data')
  })

  it('an unknown namespace counts as no chain (SPEC §5)', () => {
    const error = thrown(() => setPreferredAccountType('tron' as ChainNamespace, 'eoa', null))
    expect(error.message).toBe('Chain is required to set account prop')
    expect(error.category).toBe('INTERNAL_SDK_ERROR')
    expect(error.details).toContain('tron')
  })

  it('with a chain updateChainAccountData returns the event to dispatch (SPEC §3 account state)', () => {
    expect(updateChainAccountData('solana', 'solana:x', ['So1', 'So2'])).toEqual({
      type: 'ACCOUNTS_CHANGED',
      payload: {
        namespace: 'solana',
        address: 'So1',
        caipAddress: 'solana:x:So1',
        allAccounts: [
          { address: 'So1', type: 'eoa' },
          { address: 'So2', type: 'eoa' },
        ],
      },
    })
    expect(updateChainAccountData('solana', 'solana:x', []).payload).toMatchObject({ address: null, caipAddress: null, allAccounts: [] })
  })

  it('setPreferredAccountType returns SET_PREFERRED_ACCOUNT_TYPE with the network, and needs a chain (SPEC §4 step 5)', () => {
    expect(setPreferredAccountType('eip155', 'smartAccount', 'eip155:8453')).toEqual({
      type: 'SET_PREFERRED_ACCOUNT_TYPE',
      payload: { namespace: 'eip155', accountType: 'smartAccount', network: 'eip155:8453' },
    })
    expect(thrown(() => setPreferredAccountType(undefined, 'eoa', null)).message).toBe('Chain is required to set account prop')
  })
})

describe('chooseAccountTab (SPEC §2 Account tabs, §3 currentTab)', () => {
  const activity = { moduleId: 'activity', id: 'activity' }

  it('records the tab chosen on the active namespace, which the Account view then shows', () => {
    const { kernel, tabs } = tabsKernel()
    kernel.dispatch(tabs('tokens', ['eip155']))
    kernel.dispatch(tabs('activity', ['eip155']))
    expect(chooseAccountTab(kernel.getState(), activity)).toEqual([{ type: 'ACCOUNT_TAB_SELECTED', payload: { namespace: 'eip155', tab: activity } }])
    // The view passes the tab as listed, with its label and view; only its identity travels.
    const listed = { ...activity, label: 'l', view: 'activity', namespaces: ['eip155'] }
    kernel.dispatch((state) => chooseAccountTab(state, listed))
    expect(kernel.log().at(-1)).toEqual({ type: 'ACCOUNT_TAB_SELECTED', payload: { namespace: 'eip155', tab: activity } })
    expect(selectCurrentAccountTab(kernel.getState())?.id).toBe('activity')
  })

  it('dispatches nothing for the tab already chosen on the namespace, or without an active namespace', () => {
    const { kernel, tabs } = tabsKernel()
    kernel.dispatch(tabs('activity', ['eip155']))
    kernel.dispatch((state) => chooseAccountTab(state, activity))
    expect(chooseAccountTab(kernel.getState(), activity)).toEqual([])
    // Another namespace keeps its own choice.
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: solana.caipNetworkId }))
    expect(chooseAccountTab(kernel.getState(), activity)).toEqual([{ type: 'ACCOUNT_TAB_SELECTED', payload: { namespace: 'solana', tab: activity } }])
    const bare = createKernel({ modules: [networksModule, accountModule, contributionsModule], deps: defaultDeps({ storage: memoryStorage() }) })
    expect(chooseAccountTab(bare.getState(), activity)).toEqual([])
  })
})
