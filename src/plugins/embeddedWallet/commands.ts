/**
 * The embedded-wallet plugin's commands, for its views (`useCommands().embeddedWallet`): the
 * account type (SPEC §4). Approving is not one: only a click in the frame's own view approves.
 */
import { createEvent, type AirlockEvent, type RootState } from 'airlock/plugin'
import { FRAME_CHAIN_NAMESPACE } from '../../embedded/namespaces'

export const embeddedWalletCommands = {
  /** Use the EOA or the smart account from now on (nothing while a change is under way). */
  setAccountType: (state: RootState, accountType: 'eoa' | 'smartAccount'): AirlockEvent[] =>
    state.account.pendingAccountType !== null ? [] : [createEvent('PREFERRED_ACCOUNT_TYPE_REQUESTED', { namespace: FRAME_CHAIN_NAMESPACE, accountType })],
  /** Ask the frame to show its recovery view: the code typed there (`recover`) or shown there (`show`). */
  startRecovery: (_state: RootState, mode: 'recover' | 'show'): AirlockEvent[] => [createEvent('EMBEDDED_RECOVERY_STARTED', { mode })],
  /** The recovery view is left: a request still under way is cancelled. */
  leaveRecovery: (state: RootState): AirlockEvent[] => (state.embeddedWallet?.recovery.mode == null ? [] : [createEvent('EMBEDDED_RECOVERY_LEFT', {})]),
}
