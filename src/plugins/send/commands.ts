/**
 * The send plugin's commands: what its views may do, each `(state, ...args) => events`, computed on
 * the state at the command's turn in the queue. The views call them through `useCommands().send`.
 */
import type { TokenBalance } from '../../events/account'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import { pushView } from '../../core/router/commands'
import { roundHalfUp } from '../../format/bigNumber'
import { tokenAmountToUsd } from './amount'
import type { AmountUnit } from './events'
import { receiverKind } from './receiver'
import { amountFromInput, selectSendForm } from './selectors'

/** Decimal places of an amount shown in USD when the unit switches to it (SPEC §9: 2 decimals). */
const USD_PLACES = 2

export const sendCommands = {
  /** The visitor chose a token among the balances. */
  chooseToken: (_state: RootState, token: TokenBalance): AirlockEvent[] => [createEvent('SEND_TOKEN_SELECTED', { token })],

  /** The visitor typed an amount, in the unit the form is in (or `unit`). */
  enterAmount: (state: RootState, text: string, unit?: AmountUnit): AirlockEvent[] => {
    const form = selectSendForm(state)
    const chosen = unit ?? form.send.amountInput.unit
    return [createEvent('SEND_AMOUNT_ENTERED', { text, unit: chosen, amount: amountFromInput(text, chosen, form.token) })]
  },

  /** Type the amount in USD instead of the token, or back; the amount stays, written in the other unit. Needs a price. */
  switchUnit: (state: RootState): AirlockEvent[] => {
    const { token, send } = selectSendForm(state)
    if (!token || !(token.price > 0)) return []
    const amount = send.sendTokenAmount
    const unit: AmountUnit = send.amountInput.unit === 'token' ? 'usd' : 'token'
    const text = amount === null ? '' : unit === 'usd' ? roundHalfUp(tokenAmountToUsd(amount, token.price), USD_PLACES) : amount
    return [createEvent('SEND_AMOUNT_ENTERED', { text, unit, amount })]
  },

  /** "Max": the whole balance, less what the network fee may take when the native currency is sent. */
  useMax: (state: RootState): AirlockEvent[] => {
    const { max } = selectSendForm(state)
    return max === null ? [] : [createEvent('SEND_AMOUNT_ENTERED', { text: max, unit: 'token', amount: max })]
  },

  /** The visitor typed a receiver: an address, or a name to look up. */
  enterReceiver: (state: RootState, text: string): AirlockEvent[] => {
    const trimmed = text.trim()
    return [createEvent('SEND_RECEIVER_ENTERED', { text: trimmed, kind: receiverKind(trimmed, state.networks.activeNamespace) })]
  },

  /** On to the preview, when the form can be sent. */
  preview: (state: RootState): AirlockEvent[] => (selectSendForm(state).problem === null ? pushView(state, 'WalletSendPreview') : []),

  /** The preview's Send; nothing while a send is under way (a double click sends once). */
  send: (state: RootState): AirlockEvent[] => (state.send?.loading ? [] : [createEvent('SEND_REQUESTED', {})]),
}
