/** The siwx plugin's slice and reducer. */
import type { Reducer } from 'airlock/plugin'
import type { SiwxFailure } from './events'

export interface SiwxState {
  readonly hasSession: boolean
  /** A sign-in is under way (Sign pressed, not answered yet). */
  readonly signing: boolean
  /** The last sign-in's failure, shown on SIWXSignMessage until the next Sign. */
  readonly error: SiwxFailure | null
  /** The failure's own words, when it was not the visitor declining. */
  readonly errorDetail: string | null
  /**
   * What the wallet signed while connecting (one-click sign-in, SIWX_SIGNED_ON_CONNECT), for
   * `account` (CAIP-10): the next sign-in of that account adds it instead of asking the wallet.
   * Used once, success or failure.
   */
  readonly signedOnConnect: SignedOnConnect | null
}

export interface SignedOnConnect {
  readonly account: string
  readonly message: string
  readonly signature: string
  readonly cacao: unknown
}

export const initialSiwxState: SiwxState = { hasSession: false, signing: false, error: null, errorDetail: null, signedOnConnect: null }

declare module 'airlock/plugin' {
  interface StateRegistry {
    siwx?: SiwxState
  }
}

/**
 * ```ts
 * reduceSiwx(draft, createEvent('SIWX_SESSION_CHANGED', { hasSession: true }), root) // draft.hasSession === true
 * ```
 */
export const reduceSiwx: Reducer<SiwxState> = (draft, event, root) => {
  switch (event.type) {
    case 'SIWX_SESSION_CHANGED':
      draft.hasSession = event.payload.hasSession
      return
    case 'SIWX_SIGN_REQUESTED':
      draft.signing = true
      draft.error = null
      draft.errorDetail = null
      return
    case 'SIWX_SIGNED_ON_CONNECT': {
      const { caipNetworkId, address, message, signature, cacao } = event.payload
      draft.signedOnConnect = { account: `${caipNetworkId}:${address}`, message, signature, cacao }
      return
    }
    case 'SIWX_AUTH_SUCCESS':
      draft.signing = false
      draft.signedOnConnect = null
      return
    case 'SIWX_AUTH_ERROR':
      draft.signing = false
      draft.signedOnConnect = null
      draft.error = event.payload.reason
      draft.errorDetail = event.payload.detail ?? null
      return
    case 'DISCONNECT_SUCCESS':
      // Only a disconnect of the signed-in namespace (the active one; `root` is the state before
      // the event) ends the sign-in: another namespace leaving keeps it (issue 28 §5).
      if (event.payload.namespace !== null && event.payload.namespace !== root.networks?.activeNamespace) return
      if (draft.hasSession || draft.signing || draft.error !== null || draft.signedOnConnect !== null) Object.assign(draft, initialSiwxState)
      return
  }
}
