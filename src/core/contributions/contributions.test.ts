import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import type { PluginContributions } from '../../kernel/kernelEvents'
import { routerModule } from '../router/module'
import { optionsModule } from '../options/module'
import { networksModule } from '../networks/module'
import { connectorsModule } from '../connectors/module'
import { resolveOptions } from '../options/resolve'
import { ethereum } from '../networks/chains/ethereum'
import { solana } from '../networks/chains/solana'
import { contributionsModule } from './module'
import { orderActions, selectAccountActions, selectAccountTabs } from './selectors'
import type { ModuleContribution } from './state'

function setup(options: Record<string, unknown> = {}) {
  const kernel = createKernel({
    modules: [optionsModule, networksModule, connectorsModule, routerModule, contributionsModule],
    deps: defaultDeps({ storage: memoryStorage(), fetch: undefined, window: undefined }),
  })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p', networks: [ethereum, solana], ...options }).options }))
  const run = (...events: AirlockEvent[]) => events.forEach((e) => kernel.dispatch(e))
  const loaded = (id: string, contributions: PluginContributions) => createEvent('PLUGIN_LOADED', { id, ...contributions })
  return { kernel, run, loaded }
}

const action = (id: string, namespaces = ['eip155', 'solana']) => ({ id, label: id, view: `${id}View`, namespaces })
const entry = (id: string, actions: ReturnType<typeof action>[]): ModuleContribution => ({
  id,
  views: [],
  accountActions: actions,
  accountTabs: [],
  connectMethods: [],
})

describe('contributions slice', () => {
  it('keeps each loaded plugin in load order, replaced in place when loaded again, dropped on unload, and replays', () => {
    const { kernel, run, loaded } = setup()
    run(loaded('a', { views: ['A'] }), loaded('b', {}), loaded('a', { views: ['A2'] }))
    expect(kernel.getState().contributions.modules.map((m) => [m.id, m.views])).toEqual([
      ['a', ['A2']],
      ['b', []],
    ])
    run(createEvent('PLUGIN_UNLOADED', { id: 'a' }))
    expect(kernel.getState().contributions.modules.map((m) => m.id)).toEqual(['b'])
    expect(kernel.replay()).toEqual(kernel.getState())
  })
})

describe('Account actions and tabs (SPEC §9 wallet feature order, support by namespace)', () => {
  it('orders actions by walletFeaturesOrder (default onramp, swaps, receive, send), then the others in load order', () => {
    const modules = [entry('stats', [action('stats')]), entry('send', [action('send')]), entry('extra', [action('extra')]), entry('onramp', [action('onramp')])]
    expect(orderActions(modules, ['onramp', 'swaps', 'receive', 'send'], 'eip155').map((a) => a.id)).toEqual(['onramp', 'send', 'stats', 'extra'])
    expect(orderActions(modules, ['send'], 'eip155').map((a) => a.id)).toEqual(['send', 'stats', 'extra', 'onramp'])
  })

  it('shows only what the active namespace supports, none without one', () => {
    const modules = [entry('send', [action('send', ['eip155', 'solana'])]), entry('names', [action('names', ['eip155'])])]
    expect(orderActions(modules, [], 'solana').map((a) => a.id)).toEqual(['send'])
    expect(orderActions(modules, [], 'eip155').map((a) => a.id)).toEqual(['send', 'names'])
    expect(orderActions(modules, [], null)).toEqual([])
  })

  it('shows an unnamedOnly action (register a name) only while the active account has no name', () => {
    const register = { ...action('names'), unnamedOnly: true }
    const modules = [entry('send', [action('send')]), entry('names', [register])]
    expect(orderActions(modules, [], 'eip155', null, false).map((a) => a.id)).toEqual(['send', 'names'])
    expect(orderActions(modules, [], 'eip155', null, true).map((a) => a.id)).toEqual(['send'])
  })

  it('selects from the state: the configured order, the active namespace, each action with its plugin id', () => {
    const { kernel, run, loaded } = setup({ walletFeaturesOrder: ['send', 'receive'] })
    run(
      loaded('receive', { views: ['R'], accountActions: [{ id: 'receive', label: 'l', view: 'R', namespaces: ['eip155'] }] }),
      loaded('send', { views: ['S'], accountActions: [{ id: 'send', label: 'l', view: 'S', namespaces: ['eip155', 'solana'] }] }),
      loaded('history', { views: ['H'], accountTabs: [{ id: 'activity', label: 'l', view: 'H', namespaces: ['eip155'] }] }),
    )
    expect(selectAccountActions(kernel.getState()).map((a) => `${a.moduleId}:${a.id}`)).toEqual(['send:send', 'receive:receive'])
    expect(selectAccountTabs(kernel.getState()).map((t) => t.id)).toEqual(['activity'])
    run(createEvent('NETWORK_SWITCHED', { caipNetworkId: solana.caipNetworkId }))
    expect(selectAccountActions(kernel.getState()).map((a) => a.id)).toEqual(['send'])
    expect(selectAccountTabs(kernel.getState())).toEqual([])
  })

  it('an action for one connector type shows only while the active connection is of that type (the embedded wallet settings, AUTH)', () => {
    const settings = { ...action('settings', ['eip155']), connectorTypes: ['AUTH'] }
    const modules: ModuleContribution[] = [entry('send', [action('send', ['eip155'])]), { ...entry('embeddedWallet', []), accountActions: [settings] }]
    expect(orderActions(modules, [], 'eip155', null).map((a) => a.id)).toEqual(['send'])
    expect(orderActions(modules, [], 'eip155', 'INJECTED').map((a) => a.id)).toEqual(['send'])
    expect(orderActions(modules, [], 'eip155', 'AUTH').map((a) => a.id)).toEqual(['send', 'settings'])
  })

  it('returns the same reference while what it reads is unchanged (stable for useSyncExternalStore)', () => {
    const { kernel, run, loaded } = setup()
    run(loaded('send', { views: ['S'], accountActions: [{ id: 'send', label: 'l', view: 'S', namespaces: ['eip155'] }] }))
    const first = selectAccountActions(kernel.getState())
    const tabs = selectAccountTabs(kernel.getState())
    run(createEvent('ROUTER_PUSH', { view: 'AllWallets' }))
    expect(selectAccountActions(kernel.getState())).toBe(first)
    expect(selectAccountTabs(kernel.getState())).toBe(tabs)
  })
})

describe('VIEW_NOT_FOUND (issue 11 §1: never a silent fallback)', () => {
  it('reports each navigation to a view no module registers, naming it, and the router stays where it was', () => {
    const { kernel, run } = setup()
    run(createEvent('MODAL_OPEN', { connected: false }))
    const before = kernel.getState().router
    run(
      createEvent('ROUTER_PUSH', { view: 'Swap' }),
      createEvent('ROUTER_REPLACE', { view: 'Nowhere' }),
      createEvent('ROUTER_RESET', { view: 'Nowhere' }),
      createEvent('MODAL_OPEN', { connected: false, view: 'Nowhere' }),
      createEvent('TRANSACTION_STACK_PUSHED', { id: 't', view: 'Nowhere', replace: false }),
    )
    expect(kernel.getState().router).toBe(before)
    const reports = kernel.log().filter((e) => e.type === 'VIEW_NOT_FOUND')
    expect(reports.map((e) => e.payload.view)).toEqual(['Swap', 'Nowhere', 'Nowhere', 'Nowhere', 'Nowhere'])
    expect(reports[0]?.payload.message).toBe(
      'No module registers the view "Swap", so the modal did not go there. Check the name, and that the plugin that brings the view is enabled and loaded.',
    )
  })

  it('reports nothing for core views and for a loaded plugin view', () => {
    const { kernel, run, loaded } = setup()
    run(loaded('swap', { views: ['Swap'] }), createEvent('MODAL_OPEN', { connected: false }), createEvent('ROUTER_PUSH', { view: 'Swap' }))
    run(createEvent('ROUTER_PUSH', { view: 'AllWallets' }))
    expect(kernel.getState().router.history.map((r) => r.view)).toEqual(['Connect', 'Swap', 'AllWallets'])
    expect(kernel.log().some((e) => e.type === 'VIEW_NOT_FOUND')).toBe(false)
  })
})
