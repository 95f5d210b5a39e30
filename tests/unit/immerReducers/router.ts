/**
 * The router module's Immer reducer as it was before its plain fold (issue 27 §1, src/core/router/reducer.ts):
 * kept as tests/unit/lazyDraftCore.test.ts's reference, which checks the fold against it event by event.
 */
import type { Draft } from 'immer'
import type { AirlockEvent, RootState } from '../../../src/kernel/registry'
import type { Route } from '../../../src/events/router'
import type { RouterState } from '../../../src/core/router/state'
import { canClose, currentView, isRegisteredView, landing, navigationTarget, openingRoute } from '../../../src/core/router/rules'
import { CORE_VIEWS, View } from '../../../src/core/router/views'

type D = Draft<RouterState>

/** Pop the current view; from the first view, close instead (SPEC §2). */
function back(draft: D): void {
  if (draft.history.length <= 1) {
    if (draft.open && canClose(draft as RouterState)) draft.open = false
    return
  }
  draft.history.pop()
  const top = draft.history[draft.history.length - 1]
  if (top) {
    const landed = landing(top as Route, draft.connected)
    if (landed !== top) draft.history[draft.history.length - 1] = landed
  }
}

function push(draft: D, route: Route): void {
  // Push is ignored if the target view is the same as the current one (SPEC §2).
  if (currentView(draft as RouterState) === route.view) return
  draft.history.push(route)
}

function replace(draft: D, route: Route): void {
  const top = draft.history[draft.history.length - 1]
  if (top && top.view === route.view && JSON.stringify(top.data) === JSON.stringify(route.data)) return
  draft.history[Math.max(0, draft.history.length - 1)] = route
}

/** Register a loaded plugin's views, leaving out names the core or another plugin has. */
function registerViews(draft: D, id: string, views: readonly string[]): void {
  const others = Object.entries(draft.pluginViews).filter(([owner]) => owner !== id)
  const own = views.filter((view) => !CORE_VIEWS.has(view) && !others.some(([, taken]) => taken.includes(view)))
  if (own.length > 0) draft.pluginViews[id] = own
  else if (id in draft.pluginViews) delete draft.pluginViews[id]
}

/**
 * Forget an unloaded plugin's views. Its routes leave the stack (the visitor lands on the view
 * below, or on Connect/Account when nothing is left) and its pending requests are dropped.
 */
function unregisterViews(draft: D, id: string): void {
  const views = draft.pluginViews[id]
  if (!views) return
  delete draft.pluginViews[id]
  const gone = (view: string) => views.includes(view)
  if (draft.history.some((route) => gone(route.view))) {
    const kept = draft.history.filter((route) => !gone(route.view))
    const top = kept[kept.length - 1]
    if (top) kept[kept.length - 1] = landing(top as Route, draft.connected)
    draft.history = kept.length > 0 ? kept : [landing({ view: View.Connect }, draft.connected)]
  }
  if (draft.transactionStack.some((entry) => gone(entry.view))) draft.transactionStack = draft.transactionStack.filter((entry) => !gone(entry.view))
}

function releaseCloseLock(draft: D, by: string): void {
  if (draft.closeLocks[by] !== undefined) delete draft.closeLocks[by]
}

function setCloseLock(draft: D, by: string, views: readonly string[] | undefined): void {
  const held = draft.closeLocks[by]
  const next = views === undefined ? null : [...views]
  // Setting the same lock again leaves the slice untouched.
  if (held !== undefined && (held === null ? next === null : next !== null && held.length === next.length && held.every((v, i) => v === next[i]))) return
  draft.closeLocks[by] = next
}

function setConnected(draft: D, connected: boolean): void {
  if (draft.connected !== connected) draft.connected = connected
}

/**
 * Fold one event into the router slice (SPEC §2 navigation rules, §4 transaction stack and failed
 * switch). Closing from the first view happens here; the `closeEventOnClose` effect then logs the
 * one public MODAL_CLOSE, which finds the modal closed and changes nothing, so the log replays to
 * the same state. An event it does not handle leaves the slice untouched (same reference).
 *
 * ```ts
 * produce(initialRouterState, (d) => reduceRouter(d, createEvent('ROUTER_PUSH', { view: 'AllWallets' })))
 * ```
 */
export function reduceRouter(draft: D, event: AirlockEvent, root: RootState): void {
  // A view no module registers is never navigated to (the contributions module reports it).
  const target = navigationTarget(event)
  if (target !== undefined && !isRegisteredView(draft, target)) return
  switch (event.type) {
    case 'PLUGIN_LOADED':
      return registerViews(draft, event.payload.id, event.payload.views ?? [])
    case 'PLUGIN_UNLOADED':
      // A plugin that is gone holds no lock on closing.
      releaseCloseLock(draft, event.payload.id)
      return unregisterViews(draft, event.payload.id)
    case 'CLOSE_LOCKED':
      return setCloseLock(draft, event.payload.by, event.payload.views)
    case 'CLOSE_UNLOCKED':
      return releaseCloseLock(draft, event.payload.by)
    case 'CONNECT_SUCCESS':
      return setConnected(draft, true)
    case 'CONNECTION_RESTORED':
      setConnected(draft, true)
      // SPEC §4: "at startup the status is connecting if the stored status is connected", and
      // SPEC §2: Account is "shown instead of Connect when an address is connected". A modal
      // opened on Connect while the restore ran (issue 26 §5) moves to Account when it connects,
      // as it would have opened on it; a failed restore leaves Connect, and a view the visitor
      // went on to is theirs (going back from it lands on Account).
      if (draft.history.length === 1) draft.history[0] = landing(draft.history[0] as Route, true)
      return
    case 'DISCONNECT_SUCCESS':
      // Disconnecting one namespace may leave another connected.
      if (event.payload.namespace === null) setConnected(draft, false)
      return
    case 'CONNECTION_RESET': {
      // SPEC §4: reset returns to disconnected (as the connection slice does); a reset of one
      // namespace while another stays connected leaves the visitor connected there.
      const { namespace } = event.payload
      const left = namespace === null ? [] : root.connection.connectedNamespaces.filter((ns) => ns !== namespace)
      setConnected(draft, left.length > 0)
      // SPEC §2: Account is shown while an address is connected in the active namespace; without
      // one the modal shows Connect. When the active namespace is the one leaving and another stays
      // connected, that one becomes active next: Account stays (issue 28 §5).
      const active = root.networks.activeNamespace
      const stays = left.length > 0 && (active === namespace || left.includes(active!))
      if (!stays && draft.history.some((route) => route.view === View.Account)) draft.history = [{ view: View.Connect }]
      return
    }
    case 'MODAL_OPEN':
      draft.open = true
      draft.history = [openingRoute(draft.connected, event.payload)]
      return
    case 'MODAL_CLOSE':
      if (draft.open && canClose(draft as RouterState)) draft.open = false
      return
    case 'ROUTER_PUSH':
      return push(draft, event.payload)
    case 'ROUTER_REPLACE':
      return replace(draft, event.payload)
    case 'ROUTER_RESET':
      draft.history = [event.payload]
      return
    case 'ROUTER_BACK':
      return back(draft)
    case 'ROUTER_BACK_TO_INDEX': {
      const { index } = event.payload
      if (!Number.isInteger(index) || index < 0 || index >= draft.history.length - 1) return
      draft.history.splice(index + 1)
      const top = draft.history[index]
      if (top) {
        const landed = landing(top as Route, draft.connected)
        if (landed !== top) draft.history[index] = landed
      }
      return
    }
    case 'ROUTER_BACK_OR_CLOSE':
      // Ignored as a whole while closing is disabled (SPEC §2): it must not leave the sign view either.
      if (canClose(draft as RouterState)) back(draft)
      return
    case 'NETWORK_SWITCH_FAILED':
      // SPEC §4: on a failed switch the modal navigates back.
      if (draft.open) back(draft)
      return
    case 'NETWORK_SWITCHED':
      // The picker did its work: back to where it was opened from (closing when it was the first view).
      if (draft.open && currentView(draft as RouterState) === View.SwitchNetwork) back(draft)
      return
    case 'TRANSACTION_STACK_PUSHED': {
      const { id, view } = event.payload
      if (draft.transactionStack.some((entry) => entry.id === id)) return
      draft.transactionStack.push({ id, view })
      // On a closed modal the view is left to the MODAL_OPEN the `openOnRequest` effect emits
      // (SPEC §2: the modal opens on an unsafe request), so analytics sees the opening.
      if (!draft.open) return
      if (event.payload.replace) replace(draft, { view })
      else push(draft, { view })
      return
    }
    case 'TRANSACTION_STACK_SETTLED': {
      const index = draft.transactionStack.findIndex((entry) => entry.id === event.payload.id)
      if (index < 0) return
      draft.transactionStack.splice(index, 1)
      // SPEC §4: error and cancel also go back. SPEC §2: after a successful request the modal
      // closes when no transaction stack remains; with more of the stack left, a success only
      // ran its callback (outside state) and the view stays for the next request.
      if (event.payload.outcome !== 'success') back(draft)
      else if (draft.transactionStack.length === 0 && draft.open) draft.open = false
      return
    }
    default:
      return
  }
}
