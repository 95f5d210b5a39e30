/** The router's slice: the modal's open flag and its view stack. */
import type { Route } from '../../events/router'

export interface RouterState {
  readonly open: boolean
  /** The view stack, oldest first; the last entry is the current view. Never empty. */
  readonly history: readonly Route[]
  /** Kept from the connection events, for "back to Connect while connected lands on Account". */
  readonly connected: boolean
  /** Kept from the options: sign-in (SIWX) is required. */
  readonly signInRequired: boolean
  readonly hasSiwxSession: boolean
  /** Pending transaction-stack entries (their callbacks live outside state, by id). */
  readonly transactionStack: readonly { readonly id: string; readonly view: string }[]
}

export const initialRouterState: RouterState = {
  open: false,
  history: [{ view: 'Connect' }],
  connected: false,
  signInRequired: false,
  hasSiwxSession: false,
  transactionStack: [],
}

declare module '../../kernel/registry' {
  interface StateRegistry {
    router: RouterState
  }
}
