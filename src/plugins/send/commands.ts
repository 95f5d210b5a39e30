/**
 * The send plugin's commands: what its views may do, each `(state, ...args) => events`, computed on
 * the state at the command's turn in the queue. The views call them through `useCommands().send`;
 * the preview is the core's `push('WalletSendPreview')`, offered once the form can be sent.
 */
import { type TokenBalance, createEvent, type AirlockEvent, type RootState } from 'airlock/plugin'
import type { AmountUnit, ReceiverKind } from './events'

export const sendCommands = {
  /** The visitor chose a token among the balances. */
  chooseToken: (_state: RootState, token: TokenBalance): AirlockEvent[] => [createEvent('SEND_TOKEN_SELECTED', { token })],

  /** The visitor typed an amount, in the unit the form is in, or in `unit` ("Max" types the most there is, in the token). */
  enterAmount: (state: RootState, text: string, unit?: AmountUnit): AirlockEvent[] => [
    createEvent('SEND_AMOUNT_ENTERED', { text, unit: unit ?? state.send?.amountInput.unit ?? 'token' }),
  ],

  /** Type the amount in USD instead of the token, or back. */
  switchUnit: (): AirlockEvent[] => [createEvent('SEND_UNIT_SWITCHED', {})],

  /**
   * The visitor typed a receiver: an address, or a name to look up. `kind` is `receiverKind`'s
   * reading of it, made by the view: the address checks (hashes, base58) load with the view's
   * chunk, not with this module, which every page loads.
   */
  enterReceiver: (_state: RootState, text: string, kind: ReceiverKind): AirlockEvent[] => [createEvent('SEND_RECEIVER_ENTERED', { text: text.trim(), kind })],

  /** The preview's Send; nothing while a send is under way (a double click sends once). */
  send: (state: RootState): AirlockEvent[] => (state.send?.loading ? [] : [createEvent('SEND_REQUESTED', {})]),
}
