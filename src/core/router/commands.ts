/**
 * Router commands: pure functions of the root state that return the events to dispatch. They
 * check what the reducer would ignore anyway, so the log holds only events that mean something
 * (closing twice, or while closing is disabled, dispatches nothing).
 */
import type { AirlockEvent, RootState } from '../../kernel/registry'
import { createEvent } from '../../kernel/registry'
import type { RouteData } from '../../events/router'
import { canClose, currentView } from './rules'

/**
 * ```ts
 * openModal(state, { view: 'SwitchNetwork' }) // [MODAL_OPEN { connected, view: 'SwitchNetwork' }]
 * ```
 */
export function openModal(state: RootState, route: { view?: string | undefined; data?: RouteData | undefined } = {}): AirlockEvent[] {
  return [
    createEvent('MODAL_OPEN', {
      connected: state.router.connected,
      ...(route.view === undefined ? {} : { view: route.view }),
      ...(route.data === undefined ? {} : { data: route.data }),
    }),
  ]
}

/** Close, unless the modal is closed already or closing is disabled (SPEC §2). */
export function closeModal(state: RootState): AirlockEvent[] {
  if (!state.router.open || !canClose(state.router)) return []
  return [createEvent('MODAL_CLOSE', { connected: state.router.connected })]
}

/** Push a view, unless it is the current one (SPEC §2). */
export function pushView(state: RootState, view: string, data?: RouteData): AirlockEvent[] {
  if (currentView(state.router) === view) return []
  return [createEvent('ROUTER_PUSH', data === undefined ? { view } : { view, data })]
}

/** Go back; from the first view this closes the modal (SPEC §2), unless closing is disabled. */
export function goBack(state: RootState): AirlockEvent[] {
  if (state.router.history.length <= 1 && (!state.router.open || !canClose(state.router))) return []
  return [createEvent('ROUTER_BACK', {})]
}
