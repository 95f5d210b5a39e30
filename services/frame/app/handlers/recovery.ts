/**
 * The recovery code (../recovery/shares.ts), shown and taken only in the frame's own view
 * (../recovery/prompt.ts): SHOW_RECOVERY_CODE for a signed-in user whose device holds the code's
 * share; RECOVER_WALLET for a session whose wallet this device cannot open yet. The page learns
 * only that it is done.
 */
import { ProviderErrorCode } from '../../../../src/kernel/errors/codes'
import { NOT_SIGNED_IN } from '../core'
import { FrameRequestError } from '../errors'
import { encodeRecoveryCode } from '../recovery/shares'
import { loadSession } from '../session'
import type { Handlers } from './types'

export const NO_RECOVERY_VIEW = 'This frame cannot show its recovery view'
export const NO_RECOVERY_CODE = 'This device does not hold the recovery code'

export const recoveryHandlers: Handlers<'SHOW_RECOVERY_CODE' | 'RECOVER_WALLET'> = {
  async SHOW_RECOVERY_CODE(_payload, core, { id }) {
    const prompt = core.options.recovery
    if (!prompt) throw new FrameRequestError(NO_RECOVERY_VIEW)
    const { user } = core.requireSession()
    const share = await core.keyStore.loadShare(user.id, 'recovery')
    if (!share) throw new FrameRequestError(NO_RECOVERY_CODE)
    try {
      await prompt.showCode(id, await encodeRecoveryCode(share))
    } finally {
      share.fill(0)
    }
    return {}
  },

  async RECOVER_WALLET(_payload, core, { id }) {
    if (core.state.signedIn) return {}
    const prompt = core.options.recovery
    if (!prompt) throw new FrameRequestError(NO_RECOVERY_VIEW)
    const stored = await loadSession(core.options.store)
    if (!stored) throw new FrameRequestError(NOT_SIGNED_IN, ProviderErrorCode.UNAUTHORIZED)
    const { user } = await core.auth.session(stored.token)
    await prompt.askCode(id, async (code) => {
      await core.signIn({ token: stored.token, user }, code)
    })
    return {}
  },
}
