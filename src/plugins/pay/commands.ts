/**
 * The pay plugin's commands, each `(state, ...args) => events` at its turn in the queue
 * (`useCommands().pay`; `pay(airlock, request)` runs `request`).
 */
import { createEvent, selectConnectedAccount, type AirlockEvent, type RootState } from 'airlock/plugin'
import { paymentOf } from './payment'

export const PAY_NAMESPACES = ['eip155'] as const

export const payCommands = {
  /** The site's request, decoded: the Pay view shows it; a request that is wrong fails its promise at once. */
  request: (_state: RootState, input: unknown, id: string): AirlockEvent[] => {
    const checked = paymentOf(input, id)
    return [
      checked.ok ? createEvent('PAY_REQUESTED', { payment: checked.payment }) : createEvent('PAY_FAILED', { id, reason: 'invalid', message: checked.message }),
    ]
  },

  /** An exchange of the list: its page opens in a popup in this click's turn. Only while choosing. */
  chooseExchange: (state: RootState, exchangeId: string): AirlockEvent[] => {
    const pay = state.pay
    if (!pay?.payment || pay.step !== 'choosing' || !pay.exchanges.list.some((e) => e.id === exchangeId)) return []
    return [createEvent('PAY_EXCHANGE_CHOSEN', { id: pay.payment.id, exchangeId })]
  },

  /** Pay from the connected wallet (eip155). Only while choosing, with a wallet connected. */
  payFromWallet: (state: RootState): AirlockEvent[] => {
    const pay = state.pay
    if (!pay?.payment || pay.step !== 'choosing' || !selectConnectedAccount(state, PAY_NAMESPACES)) return []
    return [createEvent('PAY_WALLET_CHOSEN', { id: pay.payment.id })]
  },
}
