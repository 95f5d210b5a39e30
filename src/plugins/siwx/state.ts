/** The siwx plugin's slice and reducer. */
import type { Reducer } from '../../kernel/module'

export interface SiwxState {
  readonly hasSession: boolean
}

export const initialSiwxState: SiwxState = { hasSession: false }

declare module '../../kernel/registry' {
  interface StateRegistry {
    siwx?: SiwxState
  }
}

/**
 * ```ts
 * reduceSiwx(draft, createEvent('SIWX_SESSION_CHANGED', { hasSession: true }), root) // draft.hasSession === true
 * ```
 */
export const reduceSiwx: Reducer<SiwxState> = (draft, event) => {
  if (event.type === 'SIWX_SESSION_CHANGED') draft.hasSession = event.payload.hasSession
  else if (event.type === 'DISCONNECT_SUCCESS' && draft.hasSession) draft.hasSession = false
}
