/** The router's slice: the modal's open flag and its view stack. */
import type { Route } from '../../events/router'

export interface RouterState {
  readonly open: boolean
  /** The view stack, oldest first; the last entry is the current view. Never empty. */
  readonly history: readonly Route[]
  /** Kept from the connection events, for "back to Connect while connected lands on Account". */
  readonly connected: boolean
  /**
   * The locks on closing, by holder (CLOSE_LOCKED, CLOSE_UNLOCKED): the views each applies to, or null for every
   * view. Close is disabled while one applies to the current view.
   */
  readonly closeLocks: Readonly<Record<string, readonly string[] | null>>
  /** Pending transaction-stack entries (their callbacks live outside state, by id). */
  readonly transactionStack: readonly { readonly id: string; readonly view: string }[]
  /**
   * The views loaded plugins registered, by module id (from PLUGIN_LOADED, dropped on
   * PLUGIN_UNLOADED). With the core views, these are the views the router accepts.
   */
  readonly pluginViews: Readonly<Record<string, readonly string[]>>
}

export const initialRouterState: RouterState = {
  open: false,
  history: [{ view: 'Connect' }],
  connected: false,
  closeLocks: {},
  transactionStack: [],
  pluginViews: {},
}

declare module '../../kernel/registry' {
  interface StateRegistry {
    router: RouterState
  }
}
