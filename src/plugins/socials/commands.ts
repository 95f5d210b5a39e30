/** The socials plugin's commands, for its views (`useCommands().socials`). */
import { createEvent, type AirlockEvent, type RootState } from 'airlock/plugin'
import { pushView } from 'airlock/plugin'
import type { SocialProvider } from '../../embedded/protocol'

export const socialsCommands = {
  /** Sign in with `provider`: a popup for the redirect providers, the QR code view for farcaster. */
  signIn: (state: RootState, provider: SocialProvider): AirlockEvent[] =>
    provider === 'farcaster'
      ? [createEvent('FARCASTER_LOGIN_STARTED', {})]
      : [createEvent('SOCIAL_LOGIN_STARTED', { provider }), ...pushView(state, 'ConnectingSocial')],
}
