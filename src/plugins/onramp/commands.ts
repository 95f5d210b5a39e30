/**
 * The onramp plugin's commands: what the Buy view may do, each `(state, ...args) => events`,
 * computed on the state at the command's turn in the queue (`useCommands().onramp`).
 */
import { selectConnectedAccount, createEvent, type AirlockEvent, type RootState } from 'airlock/plugin'
import { ONRAMP_NAMESPACES } from './defaults'

/**
 * The account's purchases and balances read again, when there is an account that buys. (The
 * form's selectors load with the view and the effects, not with this module: these read the core.)
 */
function refreshed(state: RootState): AirlockEvent[] {
  const account = selectConnectedAccount(state, ONRAMP_NAMESPACES)
  return account ? [createEvent('ONRAMP_PURCHASES_REQUESTED', { account: account.caipAddress })] : []
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
   * anything asynchronous; it is loaded by then, since the options it reads came from it). Nothing
   * before the options or while a widget is opening or open; the effect checks the order itself.
   */
  buy: (state: RootState): AirlockEvent[] => {
    const onramp = state.onramp
    const busy = onramp?.widget.status === 'opening' || onramp?.widget.status === 'open'
    return onramp?.optionsStatus === 'ready' && !busy ? [createEvent('ONRAMP_WIDGET_REQUESTED', {})] : []
  },

  /** Read the purchases and balances again (after buying in a tab the visitor opened from the link). */
  refresh: (state: RootState): AirlockEvent[] => refreshed(state),
}
