/**
 * The social-login plugin (SPEC §1, §4). For now it keeps the connected social provider and user
 * name; the provider pop-up and Farcaster flows land here in a later issue.
 */
import { defineModule } from '../../kernel/module'
import type { SocialProvider } from '../../events/shapes/features'

export interface SocialsState {
  readonly provider: SocialProvider | null
  readonly username: string | null
}

declare module '../../kernel/registry' {
  interface StateRegistry {
    socials?: SocialsState
  }
}

export default defineModule<SocialsState>({
  id: 'socials',
  initialState: { provider: null, username: null },
  reduce(draft, event) {
    if (event.type === 'STORAGE_HYDRATED') {
      const { connectedSocialProvider, connectedSocialUsername } = event.payload.values
      if (connectedSocialProvider !== undefined) draft.provider = connectedSocialProvider
      if (connectedSocialUsername !== undefined) draft.username = connectedSocialUsername
    } else if (event.type === 'SOCIAL_LOGIN_SUCCEEDED') {
      draft.provider = event.payload.provider ?? null
      draft.username = event.payload.username
    } else if (event.type === 'DISCONNECT_SUCCESS' || event.type === 'CONNECTION_CHECK_FAILED') {
      if (draft.username !== null) draft.username = null
    }
  },
})
