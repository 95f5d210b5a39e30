/**
 * The pay plugin's module (SPEC §2 "pay", off by default; issue 28 §4 "Pay with an exchange"): a
 * site asks for a payment (`pay(airlock, { recipient, amount, network, asset })`) and the Pay view
 * offers the connected wallet or an exchange of the Blockchain API's list; the exchange's page opens
 * with the deposit pre-filled and the payment's status is polled until it lands on chain. The result
 * is the public PAY_SUCCEEDED or PAY_FAILED, which settles the site's promise. Its view is a chunk
 * of its own.
 */
import { defineModule, type PortDeps } from 'airlock/plugin'
import { payEvents } from './events'
import { initialPayState, reducePay, type PayState } from './state'
import { payCommands } from './commands'
import { payEffects } from './effects'
import { strings } from './stringsByLocale'

export type { PayState } from './state'
export type { PaymentRequest } from './payment'

declare module 'airlock/plugin' {
  interface StateRegistry {
    pay?: PayState
  }
  interface ViewRegistry {
    Pay: true
  }
  interface CommandRegistry {
    pay: typeof payCommands
  }
}

export default defineModule<PayState, PortDeps>({
  id: 'pay',
  initialState: initialPayState,
  reduce: reducePay,
  events: payEvents.codecs,
  publicEvents: payEvents.public,
  effects: { pay: payEffects },
  views: { Pay: () => import('./views/Pay') },
  strings,
  commands: payCommands,
})
