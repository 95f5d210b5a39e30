/** The socials plugin's slice and reducer (SPEC §4 social login). */
import type { Reducer } from '../../kernel/module'
import type { SocialProvider } from '../../events/shapes/socialProvider'

export interface SocialsState {
  /** The provider of the connected social login, kept for the next visit (SPEC §3). */
  readonly provider: SocialProvider | null
  readonly username: string | null
}

export const initialSocialsState: SocialsState = { provider: null, username: null }

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
      return
    case 'DISCONNECT_SUCCESS':
    case 'CONNECTION_CHECK_FAILED':
      // SPEC §4: a disconnect, or a failed or negative connection check, clears the social username.
      if (draft.username !== null) draft.username = null
      return
  }
}
