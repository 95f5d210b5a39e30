/**
 * A navigation to a view no loaded module registers is ignored by the router and reported here as
 * one VIEW_NOT_FOUND with a message that names the view, instead of a silent fallback to Connect.
 */
import { eventsWithState } from '../../kernel/operators'
import type { Effect } from '../../kernel/module'
import { createEvent } from '../../kernel/registry'
import type { ViewNotFound } from '../../events/router'
import { isRegisteredView, navigationTarget } from '../router/rules'

/**
 * The VIEW_NOT_FOUND event for `view`.
 *
 * ```ts
 * viewNotFound('Swap').payload.message // 'No module registers the view "Swap" …'
 * ```
 */
export function viewNotFound(view: string): ViewNotFound {
  return createEvent('VIEW_NOT_FOUND', {
    view,
    message: `No module registers the view "${view}", so the modal did not go there. Check the name, and that the plugin that brings the view is enabled and loaded.`,
  })
}

/**
 * Report each navigation the router ignored for want of a registered view. The state read is the
 * one after the event (state$ emits first); registration does not change on a navigation.
 *
 * ```ts
 * // ROUTER_PUSH { view: 'Nowhere' } → VIEW_NOT_FOUND { view: 'Nowhere', message }
 * ```
 */
export const reportUnknownViews: Effect = (events$, state$) =>
  // Every event passes here: one subscriber, nothing allocated for an event that names no view.
  eventsWithState(events$, state$, (event, state) => {
    const view = navigationTarget(event)
    if (view === undefined || !state.router || isRegisteredView(state.router, view)) return undefined
    return viewNotFound(view)
  })
