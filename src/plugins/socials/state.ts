/** The socials plugin's slice and reducer (SPEC §4 social login). */
import type { Reducer } from 'airlock/plugin'
import type { SocialProvider } from '../../embedded/protocol'

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
  /** The Sign In With Farcaster link ConnectingFarcaster shows (SPEC §3 farcasterUrl), null when there is none. */
  readonly farcasterUrl: string | null
}

export const initialSocialsState: SocialsState = { flow: { provider: null, status: 'idle', error: null }, provider: null, username: null, farcasterUrl: null }

declare module 'airlock/plugin' {
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
    case 'FARCASTER_URL_RECEIVED':
      draft.farcasterUrl = event.payload.url
      return
    case 'FARCASTER_LOGIN_ABANDONED':
    case 'CONNECTION_RESET':
      // SPEC §4: a reset clears the account's fields, the Farcaster link with them.
      if (draft.farcasterUrl !== null) draft.farcasterUrl = null
      return
    case 'DISCONNECT_SUCCESS':
      if (draft.farcasterUrl !== null) draft.farcasterUrl = null
      if (draft.username !== null) draft.username = null
      return
    case 'CONNECTION_CHECK_FAILED':
      // SPEC §4: a disconnect, or a failed or negative connection check, clears the social username.
      if (draft.username !== null) draft.username = null
      return
  }
}
