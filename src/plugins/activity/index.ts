/**
 * The activity plugin's module: Account's Activity tab (SPEC §2), the transaction history of the
 * active account on eip155 (SPEC §9) from the Blockchain API through the `api` port, a page at a
 * time (SPEC §3 transactions state, §4 transaction history). Its view is a chunk of its own,
 * loaded when first shown.
 */
import { defineModule, invalidateOnSettled, type PortDeps } from 'airlock/plugin'
import { activityEvents } from './events'
import { initialActivityState, reduceActivity, type ActivityState } from './state'
import { readHistory, refreshOnSettled, requestOnShow } from './effects'
import { activityCommands } from './commands'
import { ACTIVITY_NAMESPACES } from './target'
import { strings } from './stringsByLocale'

declare module 'airlock/plugin' {
  interface StateRegistry {
    activity?: ActivityState
  }
  interface ViewRegistry {
    AccountActivity: true
  }
  interface CommandRegistry {
    activity: typeof activityCommands
  }
}

export default defineModule<ActivityState, PortDeps>({
  id: 'activity',
  initialState: initialActivityState,
  reduce: reduceActivity,
  events: activityEvents.codecs,
  effects: { requestOnShow, refreshOnSettled, readHistory, invalidateOnSettled },
  views: { AccountActivity: () => import('./views/AccountActivity') },
  strings,
  commands: activityCommands,
  accountTabs: [{ id: 'activity', label: 'tab', view: 'AccountActivity', namespaces: [...ACTIVITY_NAMESPACES] }],
})
