/**
 * Email login (SPEC §4: the answer VERIFY_DEVICE or VERIFY_OTP, then the code; or CONNECT) and
 * email update (primary code, then secondary code). The address of the login in progress is the
 * frame's, from CONNECT_EMAIL: the later steps name no address, so a page cannot finish another
 * address's login.
 *
 * CONNECT (connected at once, no device or code step): this browser's frame already holds a
 * session of that email that the auth service still accepts, e.g. signed in through a page whose
 * own record of the connection is gone (another site of the project, storage cleared, a tab that
 * disconnected without signing out). Only an email's own session counts: a social login's user
 * with the same address still gets a code.
 */
import { FrameRequestError } from '../errors'
import type { FrameCore } from '../core'
import { loadSession, saveSession } from '../session'
import { pollUntilDone } from './poll'
import type { Handlers } from './types'

const NO_LOGIN = 'Request a code with CONNECT_EMAIL first'

const pendingEmail = (core: FrameCore): string => {
  if (core.state.pendingEmail === undefined) throw new FrameRequestError(NO_LOGIN)
  return core.state.pendingEmail
}

/** Whether this frame holds a live session of `email` (its own, not a social login's), opened for use: then CONNECT. */
async function signedInAs(core: FrameCore, email: string): Promise<boolean> {
  const stored = await loadSession(core.options.store)
  if (!stored) return false
  let user
  try {
    ;({ user } = await core.auth.session(stored.token))
  } catch {
    // Expired or refused: the code flow signs in afresh (IS_CONNECTED forgets what the service refuses).
    return false
  }
  if (user.provider !== 'email' || user.email === null || user.email.toLowerCase() !== email.toLowerCase()) return false
  const current = core.state.signedIn
  if (current && current.token === stored.token && current.user.id === user.id) return true
  try {
    await core.signIn({ token: stored.token, user })
    return true
  } catch {
    // The wallet does not open here (its recovery code is needed): the code flow says so.
    return false
  }
}

export const emailHandlers: Handlers<
  'CONNECT_EMAIL' | 'CONNECT_DEVICE' | 'CONNECT_OTP' | 'UPDATE_EMAIL' | 'UPDATE_EMAIL_PRIMARY_OTP' | 'UPDATE_EMAIL_SECONDARY_OTP'
> = {
  async CONNECT_EMAIL({ email }, core) {
    core.state.loginGeneration += 1
    if (await signedInAs(core, email)) {
      core.state.pendingEmail = undefined
      return { action: 'CONNECT' as const }
    }
    core.state.pendingEmail = email
    const { action } = await core.auth.emailConnect(email, await core.deviceId())
    return { action }
  },

  async CONNECT_DEVICE(_payload, core) {
    const email = pendingEmail(core)
    const device = await core.deviceId()
    await pollUntilDone(core, () => core.auth.emailDevice(email, device))
    return {}
  },

  async CONNECT_OTP({ otp }, core) {
    const email = pendingEmail(core)
    const signed = await core.auth.emailOtp(email, otp, await core.deviceId())
    await core.signIn(signed)
    core.state.pendingEmail = undefined
    return {}
  },

  async UPDATE_EMAIL({ email }, core) {
    const { action } = await core.auth.emailUpdate(core.requireSession().token, email)
    return { action }
  },

  async UPDATE_EMAIL_PRIMARY_OTP({ otp }, core) {
    const { action } = await core.auth.emailUpdatePrimary(core.requireSession().token, otp)
    return { action }
  },

  async UPDATE_EMAIL_SECONDARY_OTP({ otp }, core) {
    const signedIn = core.requireSession()
    const { newEmail, token } = await core.auth.emailUpdateSecondary(signedIn.token, otp)
    // The service signs a new token for the new address; the old one is done.
    await saveSession(core.options.store, { token })
    core.state.signedIn = { ...signedIn, token, user: { ...signedIn.user, email: newEmail } }
    return { newEmail }
  },
}
