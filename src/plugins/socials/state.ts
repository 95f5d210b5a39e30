/** The socials plugin's slice and reducer (SPEC §4 social login). */
import type { Reducer } from '../../kernel/module'
import type { SocialProvider } from '../../events/shapes/socialProvider'

/** A social sign-in in progress (this visit only): which provider, and where it stands. */
export interface SocialFlow {
  readonly provider: SocialProvider | null
  readonly status: 'idle' | 'popup' | 'connecting' | 'failed'
  readonly error: string | null
}

export interface SocialsState {
  readonly flow: SocialFlow
  /** The provider of the connected social login, kept for the next visit (SPEC §3). */
  readonly provider: SocialProvider | null
  readonly username: string | null
}

export const initialSocialsState: SocialsState = { flow: { provider: null, status: 'idle', error: null }, provider: null, username: null }

declare module '../../kernel/registry' {
  interface StateRegistry {
    socials?: SocialsState
  }
}

/**
 * ```ts
 * reduceSocials(draft, createEvent('SOCIAL_LOGIN_SUCCEEDED', { provider: 'x', username: 'ada' }), root)
 * ```
 */
export const reduceSocials: Reducer<SocialsState> = (draft, event) => {
  switch (event.type) {
    case 'SOCIALS_RESTORED':
      // What happened during this visit is newer than what storage held.
      draft.provider ??= event.payload.provider
      draft.username ??= event.payload.username
      return
    case 'SOCIAL_LOGIN_SUCCEEDED':
      draft.provider = event.payload.provider
      draft.username = event.payload.username
      draft.flow = { provider: null, status: 'idle', error: null }
      return
    case 'SOCIAL_LOGIN_STARTED':
      draft.flow = { provider: event.payload.provider, status: 'popup', error: null }
      return
    case 'FARCASTER_LOGIN_STARTED':
      draft.flow = { provider: 'farcaster', status: 'popup', error: null }
      return
    case 'SOCIAL_RESULT_RECEIVED':
      draft.flow.status = 'connecting'
      return
    case 'SOCIAL_LOGIN_FAILED':
      draft.flow.status = 'failed'
      draft.flow.error = event.payload.message
      return
    case 'DISCONNECT_SUCCESS':
    case 'CONNECTION_CHECK_FAILED':
      // SPEC §4: a disconnect, or a failed or negative connection check, clears the social username.
      if (draft.username !== null) draft.username = null
      return
  }
}
