/**
 * The session: whether there is one (IS_CONNECTED: the stored token, accepted by the auth service
 * now), who it is (GET_USER) and its end (SIGN_OUT). The token never leaves the frame: the
 * payload's `token` of SPEC §7 is ignored, a page has none to give.
 */
import { AuthError } from '../errors'
import { loadSession } from '../session'
import { frameUser } from '../user'
import { connectSocial } from './social'
import type { Handlers } from './types'

const UNAUTHORIZED = 401
/** The service's words for a token not valid yet (a clock behind): it will be, so it is kept. */
const NOT_YET_VALID = 'JWT validation error: JWT Token is not yet valid'
/** SPEC §9: sign-out waits at most 3 s. */
export const SIGN_OUT_WAIT_MS = 3000

export const sessionHandlers: Handlers<'IS_CONNECTED' | 'GET_USER' | 'SIGN_OUT'> = {
  async IS_CONNECTED(_payload, core) {
    const stored = await loadSession(core.options.store)
    if (!stored) return { isConnected: false }
    let user
    try {
      ;({ user } = await core.auth.session(stored.token))
    } catch (error) {
      if (error instanceof AuthError && error.status === UNAUTHORIZED && error.message !== NOT_YET_VALID) await core.forget()
      // The service's message as it is: the page maps "…not yet valid" to Session Expired (SPEC §8).
      throw error
    }
    const current = core.state.signedIn
    if (!current || current.token !== stored.token || current.user.id !== user.id) await core.signIn({ token: stored.token, user })
    return { isConnected: true }
  },

  async GET_USER({ chainId, preferredAccountType, socialUri }, core) {
    if (socialUri !== undefined) await connectSocial(core, socialUri)
    core.state.preferredAccountType = preferredAccountType
    return frameUser(core, chainId)
  },

  async SIGN_OUT(_payload, core) {
    const token = core.state.signedIn?.token ?? (await loadSession(core.options.store))?.token
    // Signed out here first: whatever the service does, this frame holds no session after.
    await core.forget()
    if (token !== undefined) {
      await core.auth.signOut(token, SIGN_OUT_WAIT_MS).catch((error: unknown) => core.log('sign-out not confirmed by the auth service', error))
    }
    return {}
  },
}
