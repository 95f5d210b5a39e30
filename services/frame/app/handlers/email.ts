/**
 * Email login (SPEC §4: VERIFY_DEVICE or VERIFY_OTP, then CONNECT) and email update (primary code,
 * then secondary code). The address of the login in progress is the frame's, from CONNECT_EMAIL:
 * the later steps name no address, so a page cannot finish another address's login.
 */
import { FrameRequestError } from '../errors'
import type { FrameCore } from '../core'
import { saveSession } from '../session'
import { pollUntilDone } from './poll'
import type { Handlers } from './types'

const NO_LOGIN = 'Request a code with CONNECT_EMAIL first'

const pendingEmail = (core: FrameCore): string => {
  if (core.state.pendingEmail === undefined) throw new FrameRequestError(NO_LOGIN)
  return core.state.pendingEmail
}

export const emailHandlers: Handlers<
  'CONNECT_EMAIL' | 'CONNECT_DEVICE' | 'CONNECT_OTP' | 'UPDATE_EMAIL' | 'UPDATE_EMAIL_PRIMARY_OTP' | 'UPDATE_EMAIL_SECONDARY_OTP'
> = {
  async CONNECT_EMAIL({ email }, core) {
    core.state.loginGeneration += 1
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
