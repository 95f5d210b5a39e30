/**
 * The embedded-wallet plugin's commands, for its views (`useCommands().embeddedWallet`): the
 * account type (SPEC §4). Approving is not one: only a click in the frame's own view approves.
 */
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'

export const embeddedWalletCommands = {
  /** Use the EOA or the smart account from now on (nothing while a change is under way). */
  setAccountType: (state: RootState, accountType: 'eoa' | 'smartAccount'): AirlockEvent[] =>
    state.account.pendingAccountType !== null ? [] : [createEvent('PREFERRED_ACCOUNT_TYPE_REQUESTED', { namespace: 'eip155', accountType })],
}
