/** The navigation rules of SPEC §2 as pure functions of the router slice. */
import type { AirlockEvent } from '../../kernel/registry'
import type { Route } from '../../events/router'
import type { RouterState } from './state'
import { CORE_VIEWS, View } from './views'

/**
 * The current view: the top of the stack (Connect for an empty stack, which the reducer never makes).
 *
 * ```ts
 * currentView({ ...state, history: [{ view: 'Connect' }, { view: 'AllWallets' }] }) // 'AllWallets'
 * ```
 */
export function currentView(state: Pick<RouterState, 'history'>): string {
  return state.history[state.history.length - 1]?.view ?? View.Connect
}

/**
 * Closing is disabled while a lock (CLOSE_LOCKED) is held on the current view. The siwx plugin
 * holds one on the sign and approve views when sign-in is required and no session exists (SPEC §2).
 *
 * ```ts
 * canClose({ ...state, closeLocks: { siwx: ['SIWXSignMessage'] }, history: [{ view: 'SIWXSignMessage' }] }) // false
 * ```
 */
export function canClose(state: Pick<RouterState, 'closeLocks' | 'history'>): boolean {
  const view = currentView(state)
  return Object.values(state.closeLocks).every((views) => views !== null && !views.includes(view))
}

/**
 * The view the modal opens on: the requested one, else Account when connected, else Connect.
 *
 * ```ts
 * openingRoute(true, {}) // { view: 'Account' }
 * ```
 */
export function openingRoute(connected: boolean, route: Partial<Route>): Route {
  const requested = route.view ?? View.Connect
  // Account is shown instead of Connect when an address is connected (SPEC §2).
  const view = requested === View.Connect && connected ? View.Account : requested
  return route.data === undefined ? { view } : { view, data: route.data }
}

/**
 * Going back to Connect while connected lands on Account (SPEC §2); any other route is kept.
 *
 * ```ts
 * landing({ view: 'Connect' }, true) // { view: 'Account' }
 * ```
 */
export function landing(route: Route, connected: boolean): Route {
  return route.view === View.Connect && connected ? { view: View.Account } : route
}

/**
 * Whether the router accepts `view`: a core view, or one a loaded plugin registered. Navigating to
 * any other view is ignored (and reported as VIEW_NOT_FOUND), never shown as Connect.
 *
 * ```ts
 * isRegisteredView(state, 'Connect') // true
 * isRegisteredView({ ...state, pluginViews: { send: ['WalletSend'] } }, 'WalletSend') // true
 * isRegisteredView(state, 'Nowhere') // false
 * ```
 */
export function isRegisteredView(state: Pick<RouterState, 'pluginViews'>, view: string): boolean {
  return CORE_VIEWS.has(view) || viewOwner(state, view) !== undefined
}

/**
 * The id of the loaded plugin that registered `view`, or undefined (a core view, or none).
 *
 * ```ts
 * viewOwner({ pluginViews: { send: ['WalletSend'] } }, 'WalletSend') // 'send'
 * ```
 */
export function viewOwner(state: Pick<RouterState, 'pluginViews'>, view: string): string | undefined {
  for (const [id, views] of Object.entries(state.pluginViews)) if (views.includes(view)) return id
  return undefined
}

/**
 * The view a navigation event asks for, or undefined for an event that names none (a MODAL_OPEN
 * without a view opens on Connect or Account, which are always there).
 *
 * ```ts
 * navigationTarget(createEvent('ROUTER_PUSH', { view: 'Swap' })) // 'Swap'
 * ```
 */
export function navigationTarget(event: AirlockEvent): string | undefined {
  switch (event.type) {
    case 'ROUTER_PUSH':
    case 'ROUTER_REPLACE':
    case 'ROUTER_RESET':
    case 'MODAL_OPEN':
    case 'TRANSACTION_STACK_PUSHED':
      return event.payload.view
    default:
      return undefined
  }
}
