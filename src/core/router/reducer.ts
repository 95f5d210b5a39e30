/**
 * The router reducer: every navigation rule of SPEC §2 and the transaction stack of SPEC §4. A
 * plain fold (the module's `fold`, no Immer draft: issue 27 §1, the router sees most events): it
 * returns a new slice with new objects along the changed path, and the same reference when
 * nothing changed. It never mutates what it is given (the kernel freezes what it returns).
 */
import type { AirlockEvent, RootState } from '../../kernel/registry'
import type { Route } from '../../events/router'
import type { RouterState } from './state'
import { canClose, currentView, isRegisteredView, landing, navigationTarget, openingRoute } from './rules'
import { CORE_VIEWS, View } from './views'

type S = RouterState

/** `record` without `key` (a copy), as `delete draft[key]` leaves it. */
function without<V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> {
  const rest = { ...record }
  delete rest[key]
  return rest
}

/** `history` with its top replaced by the landing route, when landing changes it (SPEC §2). */
function landTop(history: Route[], connected: boolean): Route[] {
  const top = history[history.length - 1]
  if (top) {
    const landed = landing(top, connected)
    if (landed !== top) history[history.length - 1] = landed
  }
  return history
}

/** Pop the current view; from the first view, close instead (SPEC §2). */
function back(state: S): S {
  if (state.history.length <= 1) return state.open && canClose(state) ? { ...state, open: false } : state
  return { ...state, history: landTop(state.history.slice(0, -1), state.connected) }
}

function push(state: S, route: Route): S {
  // Push is ignored if the target view is the same as the current one (SPEC §2).
  if (currentView(state) === route.view) return state
  return { ...state, history: [...state.history, route] }
}

function replace(state: S, route: Route): S {
  const top = state.history[state.history.length - 1]
  if (top && top.view === route.view && JSON.stringify(top.data) === JSON.stringify(route.data)) return state
  const history = [...state.history]
  history[Math.max(0, history.length - 1)] = route
  return { ...state, history }
}

/** Register a loaded plugin's views, leaving out names the core or another plugin has. */
function registerViews(state: S, id: string, views: readonly string[]): S {
  const others = Object.entries(state.pluginViews).filter(([owner]) => owner !== id)
  const own = views.filter((view) => !CORE_VIEWS.has(view) && !others.some(([, taken]) => taken.includes(view)))
  if (own.length > 0) {
    const pluginViews = { ...state.pluginViews }
    pluginViews[id] = own
    return { ...state, pluginViews }
  }
  return id in state.pluginViews ? { ...state, pluginViews: without(state.pluginViews, id) } : state
}

/**
 * Forget an unloaded plugin's views. Its routes leave the stack (the visitor lands on the view
 * below, or on Connect/Account when nothing is left) and its pending requests are dropped.
 */
function unregisterViews(state: S, id: string): S {
  const views = state.pluginViews[id]
  if (!views) return state
  const gone = (view: string) => views.includes(view)
  let history = state.history
  if (history.some((route) => gone(route.view))) {
    const kept = landTop(
      history.filter((route) => !gone(route.view)),
      state.connected,
    )
    history = kept.length > 0 ? kept : [landing({ view: View.Connect }, state.connected)]
  }
  const transactionStack = state.transactionStack.some((entry) => gone(entry.view))
    ? state.transactionStack.filter((entry) => !gone(entry.view))
    : state.transactionStack
  return { ...state, pluginViews: without(state.pluginViews, id), history, transactionStack }
}

function releaseCloseLock(state: S, by: string): S {
  return state.closeLocks[by] !== undefined ? { ...state, closeLocks: without(state.closeLocks, by) } : state
}

function setCloseLock(state: S, by: string, views: readonly string[] | undefined): S {
  const held = state.closeLocks[by]
  const next = views === undefined ? null : [...views]
  // Setting the same lock again leaves the slice untouched.
  if (held !== undefined && (held === null ? next === null : next !== null && held.length === next.length && held.every((v, i) => v === next[i]))) return state
  const closeLocks = { ...state.closeLocks }
  closeLocks[by] = next
  return { ...state, closeLocks }
}

function setConnected(state: S, connected: boolean): S {
  return state.connected !== connected ? { ...state, connected } : state
}

/**
 * Fold one event into the router slice (SPEC §2 navigation rules, §4 transaction stack and failed
 * switch). Closing from the first view happens here; the `closeEventOnClose` effect then logs the
 * one public MODAL_CLOSE, which finds the modal closed and changes nothing, so the log replays to
 * the same state. An event it does not handle leaves the slice untouched (same reference).
 *
 * ```ts
 * reduceRouter(initialRouterState, createEvent('ROUTER_PUSH', { view: 'AllWallets' }), root).history // Connect, AllWallets
 * ```
 */
export function reduceRouter(state: S, event: AirlockEvent, root: RootState): S {
  // A view no module registers is never navigated to (the contributions module reports it).
  const target = navigationTarget(event)
  if (target !== undefined && !isRegisteredView(state, target)) return state
  switch (event.type) {
    case 'PLUGIN_LOADED':
      return registerViews(state, event.payload.id, event.payload.views ?? [])
    case 'PLUGIN_UNLOADED':
      // A plugin that is gone holds no lock on closing.
      return unregisterViews(releaseCloseLock(state, event.payload.id), event.payload.id)
    case 'CLOSE_LOCKED':
      return setCloseLock(state, event.payload.by, event.payload.views)
    case 'CLOSE_UNLOCKED':
      return releaseCloseLock(state, event.payload.by)
    case 'CONNECT_SUCCESS':
      return setConnected(state, true)
    case 'CONNECTION_RESTORED': {
      const next = setConnected(state, true)
      // SPEC §4: "at startup the status is connecting if the stored status is connected", and
      // SPEC §2: Account is "shown instead of Connect when an address is connected". A modal
      // opened on Connect while the restore ran (issue 26 §5) moves to Account when it connects,
      // as it would have opened on it; a failed restore leaves Connect, and a view the visitor
      // went on to is theirs (going back from it lands on Account).
      const first = next.history[0]
      if (next.history.length !== 1 || first === undefined) return next
      const landed = landing(first, true)
      return landed === first ? next : { ...next, history: [landed] }
    }
    case 'DISCONNECT_SUCCESS':
      // Disconnecting one namespace may leave another connected.
      return event.payload.namespace === null ? setConnected(state, false) : state
    case 'CONNECTION_RESET': {
      // SPEC §4: reset returns to disconnected (as the connection slice does); a reset of one
      // namespace while another stays connected leaves the visitor connected there.
      const { namespace } = event.payload
      const left = namespace === null ? [] : root.connection.connectedNamespaces.filter((ns) => ns !== namespace)
      const next = setConnected(state, left.length > 0)
      // SPEC §2: Account is shown while an address is connected in the active namespace; without
      // one the modal shows Connect. When the active namespace is the one leaving and another stays
      // connected, that one becomes active next (backToConnected, after every reset of one namespace:
      // src/connectors/effects/partialDisconnect.ts): Account stays, showing it, with no Connect in
      // between (issue 28 §5).
      const active = root.networks.activeNamespace
      const stays = left.length > 0 && (active === namespace || left.includes(active!))
      return !stays && next.history.some((route) => route.view === View.Account) ? { ...next, history: [{ view: View.Connect }] } : next
    }
    case 'MODAL_OPEN':
      return { ...state, open: true, history: [openingRoute(state.connected, event.payload)] }
    case 'MODAL_CLOSE':
      return state.open && canClose(state) ? { ...state, open: false } : state
    case 'ROUTER_PUSH':
      return push(state, event.payload)
    case 'ROUTER_REPLACE':
      return replace(state, event.payload)
    case 'ROUTER_RESET':
      return { ...state, history: [event.payload] }
    case 'ROUTER_BACK':
      return back(state)
    case 'ROUTER_BACK_TO_INDEX': {
      const { index } = event.payload
      if (!Number.isInteger(index) || index < 0 || index >= state.history.length - 1) return state
      return { ...state, history: landTop(state.history.slice(0, index + 1), state.connected) }
    }
    case 'ROUTER_BACK_OR_CLOSE':
      // Ignored as a whole while closing is disabled (SPEC §2): it must not leave the sign view either.
      return canClose(state) ? back(state) : state
    case 'NETWORK_SWITCH_FAILED':
      // SPEC §4: on a failed switch the modal navigates back.
      return state.open ? back(state) : state
    case 'NETWORK_SWITCHED':
      // The picker did its work: back to where it was opened from (closing when it was the first view).
      return state.open && currentView(state) === View.SwitchNetwork ? back(state) : state
    case 'TRANSACTION_STACK_PUSHED': {
      const { id, view } = event.payload
      if (state.transactionStack.some((entry) => entry.id === id)) return state
      const next = { ...state, transactionStack: [...state.transactionStack, { id, view }] }
      // On a closed modal the view is left to the MODAL_OPEN the `openOnRequest` effect emits
      // (SPEC §2: the modal opens on an unsafe request), so analytics sees the opening.
      if (!next.open) return next
      return event.payload.replace ? replace(next, { view }) : push(next, { view })
    }
    case 'TRANSACTION_STACK_SETTLED': {
      const index = state.transactionStack.findIndex((entry) => entry.id === event.payload.id)
      if (index < 0) return state
      const transactionStack = state.transactionStack.filter((_, i) => i !== index)
      const next = { ...state, transactionStack }
      // SPEC §4: error and cancel also go back. SPEC §2: after a successful request the modal
      // closes when no transaction stack remains; with more of the stack left, a success only
      // ran its callback (outside state) and the view stays for the next request.
      if (event.payload.outcome !== 'success') return back(next)
      return transactionStack.length === 0 && next.open ? { ...next, open: false } : next
    }
    default:
      return state
  }
}
