/** The socials plugin's commands, for its views (`useCommands().socials`). */
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import { pushView } from '../../core/router/commands'
import type { SocialProvider } from '../../events/shapes/socialProvider'

export const socialsCommands = {
  /** Sign in with `provider`: a popup for the redirect providers, the QR code view for farcaster. */
  signIn: (state: RootState, provider: SocialProvider): AirlockEvent[] =>
    provider === 'farcaster'
      ? [createEvent('FARCASTER_LOGIN_STARTED', {})]
      : [createEvent('SOCIAL_LOGIN_STARTED', { provider }), ...pushView(state, 'ConnectingSocial')],
}
