/** The embedded-wallet plugin's slice and reducer (SPEC §3 embedded-wallet user, §4 frame states, §6 approvals). */
import type { Reducer } from 'airlock/plugin'
import type { FrameStatus } from '../../embedded/port'
import type { FrameUser } from '../../embedded/protocol'
import type { PendingApproval, RecoveryMode } from './events'

export interface EmbeddedWalletState {
  readonly status: FrameStatus
  /** Unsafe requests waiting for the visitor or under way, oldest first. */
  readonly pending: readonly PendingApproval[]
  /** What the frame's approval view shows (a request's id, or null) and the height it needs. */
  readonly frameView: { readonly requestId: string | null; readonly height: number }
  /** The method of the last refused request once "Action not allowed" shows; null otherwise. */
  readonly refused: string | null
  readonly user: FrameUser | null
  /** A recovery view's request to the frame under way (`mode`), or its last failure (`error`). */
  readonly recovery: { readonly mode: RecoveryMode | null; readonly error: string | null }
}

export const initialEmbeddedWalletState: EmbeddedWalletState = {
  status: 'notLoaded',
  pending: [],
  frameView: { requestId: null, height: 0 },
  refused: null,
  user: null,
  recovery: { mode: null, error: null },
}

declare module 'airlock/plugin' {
  interface StateRegistry {
    embeddedWallet?: EmbeddedWalletState
  }
}

export const reduceEmbeddedWallet: Reducer<EmbeddedWalletState> = (draft, event) => {
  switch (event.type) {
    case 'EMBEDDED_FRAME_STATUS_CHANGED':
      draft.status = event.payload.status
      return
    case 'EMBEDDED_APPROVALS_CHANGED':
      draft.pending = event.payload.pending
      // A new request replaces the refusal on the view.
      if (event.payload.pending.length > 0 && draft.refused !== null) draft.refused = null
      return
    case 'EMBEDDED_APPROVAL_VIEW_CHANGED':
      draft.frameView = event.payload
      return
    case 'EMBEDDED_REFUSAL_SHOWN':
      draft.refused = event.payload.method
      return
    case 'EMBEDDED_RECOVERY_STARTED':
      draft.recovery = { mode: event.payload.mode, error: null }
      return
    case 'EMBEDDED_RECOVERY_ENDED':
      draft.recovery = { mode: null, error: event.payload.error }
      return
    case 'EMBEDDED_RECOVERY_LEFT':
      draft.recovery = { mode: null, error: null }
      return
    case 'EMBEDDED_USER_LOADED':
      draft.user = event.payload.user
      return
    case 'MODAL_CLOSE':
      if (draft.refused !== null) draft.refused = null
      return
    case 'DISCONNECT_SUCCESS':
    case 'CONNECTION_CHECK_FAILED':
      if (draft.user !== null) draft.user = null
      return
  }
}
