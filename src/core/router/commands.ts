/**
 * Router commands: pure functions of the root state that return the events to dispatch. They
 * check what the reducer would ignore anyway, so the log holds only events that mean something
 * (closing twice, or while closing is disabled, dispatches nothing).
 *
 * SPEC §2 makes replace, reset, back to an index and back-or-close available though no core view
 * uses them: they are kept for plugins' commands to compose (SIWX's cancel resets to Connect,
 * SPEC §4), which ships them in the plugin's chunk rather than in the first load.
 */
import type { AirlockEvent, RootState } from '../../kernel/registry'
import { createEvent } from '../../kernel/registry'
import type { RouteData } from '../../events/router'
import { canClose, currentView } from './rules'
import { View } from './views'

const route = (view: string, data: RouteData | undefined) => (data === undefined ? { view } : { view, data })

/**
 * Open the modal on `view`, or on Account when connected, else Connect (SPEC §2). Opening an open
 * modal resets it the same way: MODAL_OPEN is the public analytics event of each call.
 *
 * ```ts
 * openModal(state, { view: 'SwitchNetwork' }) // [MODAL_OPEN { connected, view: 'SwitchNetwork' }]
 * ```
 */
export function openModal(state: RootState, request: { view?: string | undefined; data?: RouteData | undefined } = {}): AirlockEvent[] {
  return [
    createEvent('MODAL_OPEN', {
      connected: state.router.connected,
      ...(request.view === undefined ? {} : { view: request.view }),
      ...(request.data === undefined ? {} : { data: request.data }),
    }),
  ]
}

/**
 * Close, unless the modal is closed already or closing is disabled (SPEC §2).
 *
 * ```ts
 * closeModal(state) // [MODAL_CLOSE { connected }], or [] on SIWXSignMessage while sign-in is required without a session
 * ```
 */
export function closeModal(state: RootState): AirlockEvent[] {
  if (!state.router.open || !canClose(state.router)) return []
  return [createEvent('MODAL_CLOSE', { connected: state.router.connected })]
}

/**
 * Push a view, unless it is the current one (SPEC §2).
 *
 * ```ts
 * pushView(state, 'ConnectingExternal', { connectorId: 'injected' }) // [ROUTER_PUSH …]
 * ```
 */
export function pushView(state: RootState, view: string, data?: RouteData): AirlockEvent[] {
  if (currentView(state.router) === view) return []
  return [createEvent('ROUTER_PUSH', route(view, data))]
}

/**
 * Replace the current view (SPEC §2).
 *
 * ```ts
 * replaceView(state, 'Account') // [ROUTER_REPLACE { view: 'Account' }]
 * ```
 */
export function replaceView(_state: RootState, view: string, data?: RouteData): AirlockEvent[] {
  return [createEvent('ROUTER_REPLACE', route(view, data))]
}

/**
 * Reset the stack to one view (SPEC §2).
 *
 * ```ts
 * resetView(state, 'Connect') // [ROUTER_RESET { view: 'Connect' }]
 * ```
 */
export function resetView(_state: RootState, view: string, data?: RouteData): AirlockEvent[] {
  return [createEvent('ROUTER_RESET', route(view, data))]
}

/**
 * Go back; from the first view this closes the modal (SPEC §2), unless closing is disabled or
 * the modal is closed, when there is nothing to do.
 *
 * ```ts
 * goBack(state) // [ROUTER_BACK]
 * ```
 */
export function goBack(state: RootState): AirlockEvent[] {
  if (state.router.history.length <= 1 && (!state.router.open || !canClose(state.router))) return []
  return [createEvent('ROUTER_BACK', {})]
}

/**
 * Go back to the view at `index` of the stack (0 is the first); nothing for an index that is not
 * below the current view (SPEC §2).
 *
 * ```ts
 * goBackToIndex(state, 0) // [ROUTER_BACK_TO_INDEX { index: 0 }]
 * ```
 */
export function goBackToIndex(state: RootState, index: number): AirlockEvent[] {
  if (!Number.isInteger(index) || index < 0 || index >= state.router.history.length - 1) return []
  return [createEvent('ROUTER_BACK_TO_INDEX', { index })]
}

/**
 * Go back, or close from the first view (SPEC §2). Nothing while closing is disabled: the reducer
 * ignores it then, so it would only clutter the log.
 *
 * ```ts
 * goBackOrClose(state) // [ROUTER_BACK_OR_CLOSE]
 * ```
 */
export function goBackOrClose(state: RootState): AirlockEvent[] {
  if (!canClose(state.router)) return []
  if (state.router.history.length <= 1 && !state.router.open) return []
  return [createEvent('ROUTER_BACK_OR_CLOSE', {})]
}

/**
 * Open the All wallets list: the public CLICK_ALL_WALLETS event, then the push (SPEC §2).
 *
 * ```ts
 * openAllWallets(state) // [CLICK_ALL_WALLETS, ROUTER_PUSH { view: 'AllWallets' }]
 * ```
 */
export function openAllWallets(state: RootState): AirlockEvent[] {
  return [createEvent('CLICK_ALL_WALLETS', {}), ...pushView(state, View.AllWallets)]
}
