/**
 * The contributions reducer: a plugin's entry comes with PLUGIN_LOADED and goes with
 * PLUGIN_UNLOADED. A plain fold (the module's `fold`, no Immer draft: issue 27 §1).
 */
import type { AirlockEvent } from '../../kernel/registry'
import type { ContributionsState } from './state'

/**
 * Fold one event into the contributions slice. A plugin loaded again replaces its entry in place;
 * any other event leaves the slice untouched (same reference).
 *
 * ```ts
 * reduceContributions(initialContributionsState, createEvent('PLUGIN_LOADED', { id: 'send', views: ['WalletSend'] })).modules[0].id // 'send'
 * ```
 */
export function reduceContributions(state: ContributionsState, event: AirlockEvent): ContributionsState {
  switch (event.type) {
    case 'PLUGIN_LOADED': {
      const { id, views = [], accountActions = [], accountTabs = [], connectMethods = [] } = event.payload
      const entry = { id, views, accountActions, accountTabs, connectMethods }
      const index = state.modules.findIndex((m) => m.id === id)
      return { ...state, modules: index < 0 ? [...state.modules, entry] : state.modules.map((m, i) => (i === index ? entry : m)) }
    }
    case 'PLUGIN_UNLOADED': {
      const index = state.modules.findIndex((m) => m.id === event.payload.id)
      return index < 0 ? state : { ...state, modules: state.modules.filter((_, i) => i !== index) }
    }
    default:
      return state
  }
}
