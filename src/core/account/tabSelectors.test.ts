import { describe, expect, it } from 'vitest'
import { createEvent } from '../../kernel/registry'
import { ethereum } from '../networks/chains/ethereum'
import { solana } from '../networks/chains/solana'
import { tabsKernel } from '../../../tests/support/tabsKernel'
import { selectCurrentAccountTab } from './tabSelectors'
import { selectAccountTabs } from '../contributions/selectors'

describe('selectCurrentAccountTab (SPEC §2 Account tabs, §3 currentTab)', () => {
  it('shows the first tab offered on the active namespace until one is chosen, none without tabs', () => {
    const { kernel, tabs } = tabsKernel()
    expect(selectCurrentAccountTab(kernel.getState())).toBeNull()
    kernel.dispatch(tabs('tokens', ['eip155', 'solana']))
    kernel.dispatch(tabs('activity', ['eip155']))
    expect(selectCurrentAccountTab(kernel.getState())?.id).toBe('tokens')
  })

  it('orders the tabs Tokens, NFTs, Activity (SPEC §2) whichever plugin loaded first; others after them in load order', () => {
    const { kernel, tabs } = tabsKernel()
    kernel.dispatch(tabs('activity', ['eip155']))
    kernel.dispatch(tabs('stats', ['eip155']))
    kernel.dispatch(tabs('nfts', ['eip155']))
    kernel.dispatch(tabs('tokens', ['eip155']))
    kernel.dispatch(tabs('badges', ['eip155']))
    expect(selectAccountTabs(kernel.getState()).map((tab) => tab.id)).toEqual(['tokens', 'nfts', 'activity', 'stats', 'badges'])
    expect(selectCurrentAccountTab(kernel.getState())?.id).toBe('tokens')
  })

  it('shows the chosen tab, by plugin and id wherever a late plugin puts it in the list', () => {
    const { kernel, tabs } = tabsKernel()
    kernel.dispatch(tabs('tokens', ['eip155']))
    kernel.dispatch(tabs('activity', ['eip155']))
    kernel.dispatch(createEvent('ACCOUNT_TAB_SELECTED', { namespace: 'eip155', tab: { moduleId: 'activity', id: 'activity' } }))
    expect(selectCurrentAccountTab(kernel.getState())?.id).toBe('activity')
    // The list changes around it: Activity stays chosen where position 1 would now name NFTs.
    kernel.dispatch(createEvent('PLUGIN_UNLOADED', { id: 'tokens' }))
    kernel.dispatch(tabs('nfts', ['eip155']))
    kernel.dispatch(tabs('tokens', ['eip155']))
    expect(selectCurrentAccountTab(kernel.getState())?.id).toBe('activity')
  })

  it('falls back to the first tab offered when the chosen one is not offered on the active namespace, and comes back to it', () => {
    const { kernel, tabs } = tabsKernel()
    kernel.dispatch(tabs('tokens', ['eip155', 'solana']))
    kernel.dispatch(tabs('activity', ['eip155']))
    kernel.dispatch(createEvent('ACCOUNT_TAB_SELECTED', { namespace: 'eip155', tab: { moduleId: 'activity', id: 'activity' } }))
    // Each namespace keeps its own choice: solana has none, and does not offer Activity anyway.
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: solana.caipNetworkId }))
    expect(selectCurrentAccountTab(kernel.getState())?.id).toBe('tokens')
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: ethereum.caipNetworkId }))
    expect(selectCurrentAccountTab(kernel.getState())?.id).toBe('activity')
    // The chosen tab's plugin unloads: the first tab offered.
    kernel.dispatch(createEvent('PLUGIN_UNLOADED', { id: 'activity' }))
    expect(selectCurrentAccountTab(kernel.getState())?.id).toBe('tokens')
  })

  it('returns an entry of selectAccountTabs, the same reference while what it reads is unchanged', () => {
    const { kernel, tabs } = tabsKernel()
    kernel.dispatch(tabs('tokens', ['eip155']))
    const shown = selectCurrentAccountTab(kernel.getState())
    kernel.dispatch(createEvent('BALANCE_UPDATED', { namespace: 'eip155', balance: '1', symbol: 'ETH' }))
    expect(selectCurrentAccountTab(kernel.getState())).toBe(shown)
  })
})
