/**
 * The sign-in-with-wallet plugin (SPEC §4 sign-in flow). For now it keeps whether a session exists;
 * the SIWXSignMessage view and the signing flow land here in a later issue.
 */
import { defineModule } from '../../kernel/module'

export interface SiwxState {
  readonly hasSession: boolean
}

declare module '../../kernel/registry' {
  interface StateRegistry {
    siwx?: SiwxState
  }
}

export default defineModule<SiwxState>({
  id: 'siwx',
  initialState: { hasSession: false },
  reduce(draft, event) {
    if (event.type === 'SIWX_SESSION_CHANGED') draft.hasSession = event.payload.hasSession
    else if (event.type === 'DISCONNECT_SUCCESS' && draft.hasSession) draft.hasSession = false
  },
})
