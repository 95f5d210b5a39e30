// What the local on-ramp sells and at what price: the options (SPEC §7 GET /v1/onramp/options, in
// the shape src/remote/blockchain/onramp.ts decodes), the payment methods' limits (SPEC §9: card
// 10.00 to 7500.00, bank transfer 10.00 to 25000.00), the fee (SPEC §9: 1-2%; card 2%, bank 1%)
// and the quote (POST /v1/onramp/quote). Money is counted in cents and token base units (bigint),
// never in floating point, so the amount delivered is exactly the amount quoted.
import { formatUnits } from 'viem'
import { badRequest } from '../blockchain/errors.mjs'

/** The payment methods and their limits, in the payment currency (SPEC §9 onramp defaults). */
export const PAYMENT_METHODS = [
  { id: 'card', min: '10.00', max: '7500.00', feeBasisPoints: 190n },
  { id: 'bank', min: '10.00', max: '25000.00', feeBasisPoints: 110n },
]
/** The payment currencies: what one unit is worth in US cents ×100 (1 EUR = 1.08 USD here). */
export const PAYMENT_CURRENCIES = { USD: 10_000n, EUR: 10_800n }
/** The network fee of a delivery, in cents of the payment currency. */
export const NETWORK_FEE_CENTS = { eip155: 10n, solana: 1n }
/** At most this many decimals of a token are sold (an 18-decimal token is quoted to 8). */
export const MAX_SOLD_DECIMALS = 8

const CENTS = /^\d{1,9}(\.\d{1,2})?$/

/** '12.5' → 1250n; a bad amount is a 400. */
export function parseCents(text) {
  const value = String(text ?? '').trim()
  if (!CENTS.test(value)) throw badRequest(`not an amount of money: ${value.slice(0, 30)}`)
  const [whole, fraction = ''] = value.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** 1250n → '12.50' */
export const formatCents = (cents) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`

/**
 * The products: one per token and network. `chain` is CAIP-2; `contract` the ERC-20 or SPL mint
 * ('' for the native currency); `priceMicroUsd` the price in millionths of a dollar.
 *
 * ```js
 * products({ evm: { chainId: 31337, tokens: { add: '0x…' } } })
 * // [{ id: 'airlock-add', symbol: 'ADD', chain: 'eip155:31337', contract: '0x…', decimals: 6, priceMicroUsd: 1000000n }, …]
 * ```
 */
export function products({ evm, solana }) {
  const list = []
  if (evm) {
    const chain = `eip155:${evm.chainId}`
    const network = { name: 'airlock-local', display_name: 'Airlock Local' }
    list.push(
      { id: 'airlock-add', name: 'Airlock Demo Dollar', symbol: 'ADD', chain, network, contract: evm.tokens.add, decimals: 6, priceMicroUsd: 1_000_000n },
      { id: 'airlock-adt', name: 'Airlock Demo Token', symbol: 'ADT', chain, network, contract: evm.tokens.adt, decimals: 18, priceMicroUsd: 2_000_000n },
      { id: 'eth', name: 'Ether', symbol: 'ETH', chain, network, contract: '', decimals: 18, priceMicroUsd: 3_000_000_000n },
    )
  }
  if (solana) {
    const network = { name: 'solana-local', display_name: 'Solana Local' }
    list.push({ id: 'sol', name: 'Solana', symbol: 'SOL', chain: solana.caipNetworkId, network, contract: '', decimals: 9, priceMicroUsd: 150_000_000n })
    if (solana.mint) {
      list.push({
        id: 'airlock-ads',
        name: 'Airlock Demo SPL',
        symbol: 'ADS',
        chain: solana.caipNetworkId,
        network,
        contract: solana.mint,
        decimals: 6,
        priceMicroUsd: 500_000n,
      })
    }
  }
  return list
}

/** GET /v1/onramp/options: the purchase currencies (by id, each with its networks) and the payment currencies with their limits. */
export function optionsOf(list, providers) {
  const byId = new Map()
  for (const p of list) {
    const entry = byId.get(p.id) ?? { id: p.id, name: p.name, symbol: p.symbol, networks: [] }
    entry.networks.push({ ...p.network, chain_id: p.chain.slice(p.chain.indexOf(':') + 1), contract_address: p.contract })
    byId.set(p.id, entry)
  }
  return {
    paymentCurrencies: Object.keys(PAYMENT_CURRENCIES).map((id) => ({
      id,
      payment_method_limits: PAYMENT_METHODS.map(({ id: method, min, max }) => ({ id: method, min, max })),
    })),
    purchaseCurrencies: [...byId.values()],
    // Which providers sell them (SPEC §3 onramp state `providers`).
    providers,
  }
}

/** An id given as a string or as the options' object `{ id }`. */
const idOf = (value) => (typeof value === 'string' ? value : value !== null && typeof value === 'object' && typeof value.id === 'string' ? value.id : null)

/** The product bought: purchase currency id and the network's name (optional when it is on one network only). */
export function productOf(list, purchaseCurrency, network) {
  const id = idOf(purchaseCurrency)
  if (id === null) throw badRequest('purchaseCurrency must be an id or { id }')
  const candidates = list.filter((p) => p.id === id)
  if (candidates.length === 0) throw badRequest(`unknown purchase currency: ${id.slice(0, 40)}`)
  if (network === undefined || network === null) {
    if (candidates.length > 1) throw badRequest(`${id} is sold on several networks: name one`)
    return candidates[0]
  }
  const found = candidates.find((p) => p.network.name === network)
  if (!found) throw badRequest(`${id} is not sold on ${String(network).slice(0, 40)}`)
  return found
}

/**
 * A quote: the fee (the method's 1-2%, SPEC §9), the network fee, the subtotal that buys the
 * token, the total charged, and the purchase amount — base units rounded down (at most
 * MAX_SOLD_DECIMALS decimals). An amount outside the method's limits is a 400 naming the limit.
 *
 * ```js
 * quote(add, { paymentCurrency: 'USD', amount: '100' }).purchaseAmount // { amount: '98', currency: 'ADD' }
 * ```
 */
export function quoteOf(product, { paymentCurrency, amount, paymentMethod = 'card' }) {
  const currency = idOf(paymentCurrency)
  if (currency === null || !(currency in PAYMENT_CURRENCIES)) throw badRequest(`unknown payment currency: ${String(currency).slice(0, 20)}`)
  const method = PAYMENT_METHODS.find((m) => m.id === paymentMethod)
  if (!method) throw badRequest(`unknown payment method: ${String(paymentMethod).slice(0, 20)}`)
  const total = parseCents(amount)
  if (total < parseCents(method.min)) throw badRequest(`The minimum ${method.id} purchase is ${method.min} ${currency}`)
  if (total > parseCents(method.max)) throw badRequest(`The maximum ${method.id} purchase is ${method.max} ${currency}`)
  // The fee rounds to the nearest cent.
  const fee = (total * method.feeBasisPoints + 5_000n) / 10_000n
  const networkFee = NETWORK_FEE_CENTS[product.chain.split(':')[0]] ?? 0n
  const subtotal = total - fee - networkFee
  // cents of the currency × (US cents ×100 per unit) = millionths of a dollar.
  const microUsd = subtotal * PAYMENT_CURRENCIES[currency]
  let units = (microUsd * 10n ** BigInt(product.decimals)) / product.priceMicroUsd
  const drop = product.decimals > MAX_SOLD_DECIMALS ? 10n ** BigInt(product.decimals - MAX_SOLD_DECIMALS) : 1n
  units -= units % drop
  const money = (cents) => ({ amount: formatCents(cents), currency })
  return {
    coinbaseFee: money(fee),
    networkFee: money(networkFee),
    paymentSubtotal: money(subtotal),
    paymentTotal: money(total),
    purchaseAmount: { amount: formatUnits(units, product.decimals), currency: product.symbol },
    units,
  }
}
