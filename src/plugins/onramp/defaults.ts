/**
 * SPEC §9 onramp defaults, as data: what the Buy view offers when the options call fails (SPEC §7
 * "Onramp options fail: built-in defaults are used"), the namespaces it serves, the payment
 * method whose limits the amount is checked against, and the provider asked for purchases.
 */
import type { ChainNamespace } from 'airlock/plugin'
import type { PaymentCurrency, PurchaseCurrency } from './events'

/** SPEC §9 "Namespaces eip155 and solana": where the Account action Buy shows. */
export const ONRAMP_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

/** The payment method the amount is checked against (the widget takes cards). */
export const PAYMENT_METHOD = 'card'

/** The provider whose purchases are read when the options name none (SPEC §7 history `onramp`). */
export const DEFAULT_PROVIDER = 'coinbase'

/** SPEC §9: card 10.00 to 7500.00; bank transfer 10.00 to 25000.00. */
const LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'bank', min: '10.00', max: '25000.00' },
]

/** SPEC §9: currencies USD and EUR. */
export const DEFAULT_PAYMENT_CURRENCIES: readonly PaymentCurrency[] = [
  { id: 'USD', payment_method_limits: LIMITS },
  { id: 'EUR', payment_method_limits: LIMITS },
]

/** SPEC §9: USDC on Ethereum and Polygon. */
export const DEFAULT_PURCHASE_CURRENCIES: readonly PurchaseCurrency[] = [
  {
    id: 'usdc',
    name: 'USD Coin',
    symbol: 'USDC',
    networks: [
      { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
      { name: 'polygon', display_name: 'Polygon', chain_id: '137', contract_address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
    ],
  },
]

/** The payment currency chosen first. */
export const DEFAULT_PAYMENT_CURRENCY = 'USD'
