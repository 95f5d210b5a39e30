/**
 * The onramp plugin's commands: what the Buy view may do, each `(state, ...args) => events`,
 * computed on the state at the command's turn in the queue (`useCommands().onramp`).
 */
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import { selectBuyForm } from './selectors'

/** The account's purchases and balances read again, when there is an account that buys. */
function refreshed(state: RootState): AirlockEvent[] {
  const { caipAddress, supported } = selectBuyForm(state)
  return supported && caipAddress !== null ? [createEvent('ONRAMP_PURCHASES_REQUESTED', { account: caipAddress })] : []
}

export const onrampCommands = {
  /** The Buy view was shown: the options (once), the purchases and the balances are read. */
  open: (state: RootState): AirlockEvent[] => [createEvent('ONRAMP_OPENED', {}), ...refreshed(state)],

  choosePurchaseCurrency: (_state: RootState, id: string): AirlockEvent[] => [createEvent('ONRAMP_PURCHASE_CURRENCY_SELECTED', { id })],

  choosePaymentCurrency: (_state: RootState, id: string): AirlockEvent[] => [createEvent('ONRAMP_PAYMENT_CURRENCY_SELECTED', { id })],

  chooseProvider: (_state: RootState, provider: string): AirlockEvent[] => [createEvent('ONRAMP_PROVIDER_SELECTED', { provider })],

  /** The visitor typed the amount to pay. */
  enterAmount: (_state: RootState, text: string): AirlockEvent[] => [createEvent('ONRAMP_AMOUNT_ENTERED', { text })],

  /**
   * Continue: the widget opens in a popup, in this click's own turn (the effect opens it before
   * anything asynchronous). Nothing while the order has a problem or a widget is opening or open.
   */
  buy: (state: RootState): AirlockEvent[] => {
    const form = selectBuyForm(state)
    const busy = form.onramp.widget.status === 'opening' || form.onramp.widget.status === 'open'
    return form.supported && form.orderKey !== null && !busy ? [createEvent('ONRAMP_WIDGET_REQUESTED', {})] : []
  },

  /** Read the purchases and balances again (after buying in a tab the visitor opened from the link). */
  refresh: (state: RootState): AirlockEvent[] => refreshed(state),
}
