/**
 * What the Buy view shows and the effects ask for, derived from the state: the currencies the
 * active network can buy (a purchase currency's network whose `chain_id` is the network's CAIP-2
 * reference), the payment currency and its limits (SPEC §9 card 10.00 to 7500.00), the first
 * problem with the amount, the order a quote is for, the quote when it is for that order, the
 * account's purchases and the balance of the token chosen.
 */
import { selectConnectedAccount, selectActiveNetwork, type CaipNetwork, type RootState, type TokenBalance, type TransactionItem } from 'airlock/plugin'
import { DEFAULT_PAYMENT_CURRENCY, DEFAULT_PROVIDER, ONRAMP_NAMESPACES, PAYMENT_METHOD } from './defaults'
import type { OnrampQuote, PaymentCurrency, PurchaseCurrency } from './events'
import { initialOnrampState, type OnrampState } from './state'

export type PurchaseNetwork = PurchaseCurrency['networks'][number]
/** A purchase currency on the active network. */
export interface PurchaseOption {
  readonly currency: PurchaseCurrency
  readonly network: PurchaseNetwork
}
export type AmountProblem = 'amountRequired' | 'invalidAmount' | 'belowMin' | 'aboveMax'

export interface BuyForm {
  readonly onramp: OnrampState
  readonly network: CaipNetwork | null
  /** The connected address on the active network, and its CAIP-10 form. */
  readonly address: string | null
  readonly caipAddress: string | null
  /** The active namespace buys (SPEC §9) and an account is connected there. */
  readonly supported: boolean
  readonly purchaseOptions: readonly PurchaseOption[]
  readonly purchase: PurchaseOption | null
  readonly paymentCurrency: PaymentCurrency | null
  /** The payment method's limits in the payment currency, when the options give them. */
  readonly limits: { readonly min: string; readonly max: string } | null
  readonly problem: AmountProblem | null
  /** The order a quote is for; null while the amount has a problem. */
  readonly orderKey: string | null
  /** The quote for `orderKey`, once answered (or its placeholder). */
  readonly quote: OnrampQuote | null
  /** The provider whose purchases are read. */
  readonly provider: string
  /** The account's purchases (SPEC §3 coinbaseTransactions), newest first. */
  readonly purchases: readonly TransactionItem[]
  readonly purchasesStatus: 'idle' | 'loading' | 'ready' | 'failed'
  /** The account's balance of the chosen token, once read. */
  readonly balance: TokenBalance | null
}

const MONEY = /^\d{1,9}(\.\d{1,2})?$/

/** '12.5' → 1250n; null when `text` is not an amount of money with at most two decimals. */
export function toCents(text: string): bigint | null {
  const value = text.trim()
  if (!MONEY.test(value)) return null
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** The first problem with the amount typed, against the payment method's limits (SPEC §9). */
export function amountProblem(text: string, limits: { readonly min: string; readonly max: string } | null): AmountProblem | null {
  if (text.trim() === '') return 'amountRequired'
  const cents = toCents(text)
  if (cents === null || cents <= 0n) return 'invalidAmount'
  const min = limits ? toCents(limits.min) : null
  const max = limits ? toCents(limits.max) : null
  if (min !== null && cents < min) return 'belowMin'
  if (max !== null && cents > max) return 'aboveMax'
  return null
}

/** The purchase currencies on `network`: those listing a network with its CAIP-2 reference. */
export function purchaseOptionsFor(currencies: readonly PurchaseCurrency[], network: CaipNetwork | null): PurchaseOption[] {
  if (!network) return []
  const options: PurchaseOption[] = []
  for (const currency of currencies) {
    const on = currency.networks.find((n) => `${network.chainNamespace}:${n.chain_id}` === network.caipNetworkId)
    if (on) options.push({ currency, network: on })
  }
  return options
}

/** The order a quote is asked for: what, on which network, paid in what, how much. */
export const orderKey = (purchase: PurchaseOption, payment: PaymentCurrency, amount: string) =>
  `${purchase.currency.id}|${purchase.network.name}|${payment.id}|${amount.trim()}`

/** The balance of `option`'s token among `balances` (the native currency has no contract). */
function balanceOf(balances: readonly TokenBalance[], option: PurchaseOption | null, network: CaipNetwork | null): TokenBalance | null {
  if (!option || !network) return null
  const contract = option.network.contract_address.toLowerCase()
  return (
    balances.find((b) => {
      if (b.chainId !== network.caipNetworkId) return false
      const address = b.address === undefined ? '' : b.address.slice(b.address.lastIndexOf(':') + 1).toLowerCase()
      return contract === '' ? address === '' && b.symbol === option.currency.symbol : address === contract
    }) ?? null
  )
}

let last: { readonly key: readonly unknown[]; readonly form: BuyForm } | undefined

/**
 * The Buy form. The same state gives the same object (for useSyncExternalStore).
 *
 * ```ts
 * selectBuyForm(state).purchaseOptions // [{ currency: ADD, network: airlock-local }, …] on the local anvil
 * selectBuyForm(state).problem // 'belowMin' for 9.99 USD
 * ```
 */
export function selectBuyForm(root: RootState): BuyForm {
  const onramp = root.onramp ?? initialOnrampState
  const network = selectActiveNetwork(root)
  const account = selectConnectedAccount(root)
  const key = [onramp, network, account]
  if (last && last.key.every((part, i) => part === key[i])) return last.form

  const caipAddress = account?.caipAddress ?? null
  const purchaseOptions = purchaseOptionsFor(onramp.purchaseCurrencies, network)
  const purchase = purchaseOptions.find((o) => o.currency.id === onramp.purchaseCurrency?.id) ?? purchaseOptions[0] ?? null
  const payments = onramp.paymentCurrencies
  const paymentCurrency =
    payments.find((c) => c.id === onramp.paymentCurrency?.id) ?? payments.find((c) => c.id === DEFAULT_PAYMENT_CURRENCY) ?? payments[0] ?? null
  const method = paymentCurrency?.payment_method_limits.find((l) => l.id === PAYMENT_METHOD) ?? null
  const limits = method ? { min: method.min, max: method.max } : null
  const problem = amountProblem(onramp.paymentAmount, limits)
  const order = problem === null && purchase && paymentCurrency ? orderKey(purchase, paymentCurrency, onramp.paymentAmount) : null
  const purchases = caipAddress !== null && onramp.purchases.account === caipAddress ? onramp.purchases : null
  const form: BuyForm = {
    onramp,
    network,
    address: account?.address ?? null,
    caipAddress,
    supported: account !== undefined && ONRAMP_NAMESPACES.includes(account.namespace),
    purchaseOptions,
    purchase,
    paymentCurrency,
    limits,
    problem,
    orderKey: order,
    quote: order !== null && onramp.quoteKey === order ? onramp.quote : null,
    provider: onramp.selectedProvider ?? DEFAULT_PROVIDER,
    purchases: purchases?.transactions ?? [],
    purchasesStatus: purchases === null ? 'idle' : purchases.loading ? 'loading' : purchases.failed ? 'failed' : 'ready',
    balance: caipAddress !== null && onramp.balances.caipAddress === caipAddress ? balanceOf(onramp.balances.list, purchase, network) : null,
  }
  last = { key, form }
  return form
}
