/**
 * The contributions module's Immer reducer as it was before its plain fold (issue 27 §1, src/core/contributions/reducer.ts):
 * kept as tests/unit/lazyDraftCore.test.ts's reference, which checks the fold against it event by event.
 */
import type { Draft } from 'immer'
import type { AirlockEvent } from '../../../src/kernel/registry'
import type { ContributionsState } from '../../../src/core/contributions/state'

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
