/** The router reducer: every navigation rule of SPEC §2 and the transaction stack of SPEC §4. */
import type { Draft } from 'immer'
import type { AirlockEvent } from '../../kernel/registry'
import type { Route } from '../../events/router'
import type { RouterState } from './state'
import { canClose, currentView, landing, openingRoute } from './rules'

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

function setConnected(draft: D, connected: boolean): void {
  if (draft.connected !== connected) draft.connected = connected
}

export function reduceRouter(draft: D, event: AirlockEvent): void {
  switch (event.type) {
    case 'OPTIONS_INITIALIZED': {
      const required = event.payload.options.siwx?.required ?? false
      if (draft.signInRequired !== required) draft.signInRequired = required
      return
    }
    case 'CONNECTION_STATUS_CHANGED':
      return setConnected(draft, event.payload.status === 'connected')
    case 'CONNECT_SUCCESS':
      return setConnected(draft, true)
    case 'DISCONNECT_SUCCESS':
    case 'CONNECTION_RESET':
      if (event.payload.namespace === null) setConnected(draft, false)
      return
    case 'SIWX_SESSION_CHANGED':
      if (draft.hasSiwxSession !== event.payload.hasSession) draft.hasSiwxSession = event.payload.hasSession
      return
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
      if (draft.history.length > 1) back(draft)
      else if (draft.open && canClose(draft as RouterState)) draft.open = false
      return
    case 'TRANSACTION_STACK_PUSHED':
      draft.transactionStack.push({ id: event.payload.id, view: event.payload.view })
      // The modal opens on an unsafe embedded-wallet request (SPEC §2).
      draft.open = true
      if (event.payload.replace) replace(draft, { view: event.payload.view })
      else push(draft, { view: event.payload.view })
      return
    case 'TRANSACTION_STACK_SETTLED': {
      const index = draft.transactionStack.findIndex((entry) => entry.id === event.payload.id)
      if (index < 0) return
      draft.transactionStack.splice(index, 1)
      // After a successful request the modal closes when no transaction stack remains (SPEC §2);
      // error and cancel go back (SPEC §4), as does a success with more of the stack to come.
      if (event.payload.outcome === 'success' && draft.transactionStack.length === 0) draft.open = false
      else back(draft)
      return
    }
    default:
      return
  }
}
