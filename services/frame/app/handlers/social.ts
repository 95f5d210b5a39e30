/**
 * Social login (SPEC §4, §7): the page opens the authorisation URL the frame gets for it, the
 * provider sends the visitor back to the page with `result_uri`, and the page hands that to the
 * frame (CONNECT_SOCIAL, or GET_USER's socialUri), which exchanges it for a session. Farcaster
 * has its own channel: a URL for the QR code, then a long poll until the visitor signs.
 */
import { FrameRequestError } from '../errors'
import type { FrameCore } from '../core'
import { frameUser } from '../user'
import { pollUntilDone } from './poll'
import type { Handlers } from './types'

/** A login comes back to the page that asked for it, nowhere else. */
function assertOwnPage(core: FrameCore, returnTo: string): void {
  const origin = URL.canParse(returnTo) ? new URL(returnTo).origin : undefined
  if (origin !== core.options.parentOrigin) throw new FrameRequestError("returnTo must be a URL of the page's own origin")
}

/** Exchanges a social result for a session: `result_uri` as the auth service gave it to the page. */
export async function connectSocial(core: FrameCore, resultUri: string): Promise<void> {
  const base = new URL(core.options.config.authUrl)
  const result = URL.canParse(resultUri) ? new URL(resultUri) : undefined
  // Only a result of this frame's auth service is one: anything else is not sent anywhere.
  if (!result || result.origin !== base.origin) throw new FrameRequestError('The social login result is not from the auth service')
  await core.signIn(await core.auth.socialConnect(result.href))
}

export const socialHandlers: Handlers<'GET_SOCIAL_REDIRECT_URI' | 'CONNECT_SOCIAL' | 'GET_FARCASTER_URI' | 'CONNECT_FARCASTER'> = {
  async GET_SOCIAL_REDIRECT_URI({ provider, returnTo }, core) {
    assertOwnPage(core, returnTo)
    const { uri } = await core.auth.socialRedirect(provider, returnTo)
    return { uri }
  },

  async CONNECT_SOCIAL({ uri, preferredAccountType, chainId }, core) {
    await connectSocial(core, uri)
    core.state.preferredAccountType = preferredAccountType
    return frameUser(core, chainId)
  },

  async GET_FARCASTER_URI(_payload, core) {
    core.state.loginGeneration += 1
    const { url, channelToken } = await core.auth.farcasterUri()
    core.state.farcasterChannel = channelToken
    return { url }
  },

  async CONNECT_FARCASTER(_payload, core) {
    const channel = core.state.farcasterChannel
    if (channel === undefined) throw new FrameRequestError('Ask for a Farcaster URI with GET_FARCASTER_URI first')
    const signed = await pollUntilDone(core, () => core.auth.farcasterConnect(channel))
    core.state.farcasterChannel = undefined
    await core.signIn(signed)
    return { userName: signed.user.userName ?? '' }
  },
}
