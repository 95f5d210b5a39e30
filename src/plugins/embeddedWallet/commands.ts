/**
 * The embedded-wallet plugin's commands, for its views (`useCommands().embeddedWallet`): the
 * visitor's answer to a request, and the account type (SPEC §4).
 */
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'

export const embeddedWalletCommands = {
  /** Approve or reject the request `id` (one that still waits: a second click changes nothing). */
  decide: (state: RootState, id: string, approved: boolean): AirlockEvent[] =>
    state.embeddedWallet?.pending.some((p) => p.id === id && !p.approved) ? [createEvent('EMBEDDED_APPROVAL_DECIDED', { id, approved })] : [],

  /** Use the EOA or the smart account from now on (nothing while a change is under way). */
  setAccountType: (state: RootState, accountType: 'eoa' | 'smartAccount'): AirlockEvent[] =>
    state.account.pendingAccountType !== null ? [] : [createEvent('PREFERRED_ACCOUNT_TYPE_REQUESTED', { namespace: 'eip155', accountType })],
}
