/** The contributions reducer: a plugin's entry comes with PLUGIN_LOADED and goes with PLUGIN_UNLOADED. */
import type { Draft } from 'immer'
import type { AirlockEvent } from '../../kernel/registry'
import type { ContributionsState } from './state'

/**
 * Fold one event into the contributions slice. A plugin loaded again replaces its entry in place;
 * any other event leaves the slice untouched (same reference).
 *
 * ```ts
 * produce(initialContributionsState, (d) => reduceContributions(d, createEvent('PLUGIN_LOADED', { id: 'send', views: ['WalletSend'] })))
 * ```
 */
export function reduceContributions(draft: Draft<ContributionsState>, event: AirlockEvent): void {
  switch (event.type) {
    case 'PLUGIN_LOADED': {
      const { id, views = [], accountActions = [], accountTabs = [], connectMethods = [] } = event.payload
      const entry = { id, views, accountActions, accountTabs, connectMethods }
      const index = draft.modules.findIndex((m) => m.id === id)
      if (index < 0) draft.modules.push(entry)
      else draft.modules[index] = entry
      return
    }
    case 'PLUGIN_UNLOADED': {
      const index = draft.modules.findIndex((m) => m.id === event.payload.id)
      if (index >= 0) draft.modules.splice(index, 1)
      return
    }
    default:
      return
  }
}
