/**
 * What a site asks to be paid, decoded from its code (`pay(airlock, request)`): the recipient's
 * address, the amount in whole units of the asset as a decimal ("12.5"), the network (CAIP-2,
 * eip155) and the asset, the network's native currency ('native') or an ERC-20 contract; a token
 * names its symbol and decimals, which the amount is checked against.
 *
 * ```ts
 * paymentOf({ recipient: '0x…', amount: '12.5', network: 'eip155:8453', asset: '0x833…', symbol: 'USDC', decimals: 6 }, 'p1')
 * // { ok: true, payment: { id: 'p1', …, symbol: 'USDC', decimals: 6 } }
 * ```
 */
import * as t from 'io-ts'
import { isRight } from 'airlock/plugin'

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const EVM_NETWORK = /^eip155:[1-9][0-9]{0,15}$/
const DECIMAL = /^\d{1,24}(?:\.\d{1,18})?$/

/** A payment the plugin holds: its id (the site's promise's), and every field decided. */
export const Payment = t.type(
  {
    id: t.string,
    recipient: t.string,
    amount: t.string,
    network: t.string,
    asset: t.string,
    symbol: t.string,
    decimals: t.number,
  },
  'Payment',
)
export type Payment = t.TypeOf<typeof Payment>

const Request = t.intersection([
  t.type({ recipient: t.string, amount: t.union([t.string, t.number]), network: t.string, asset: t.string }),
  t.partial({ symbol: t.string, decimals: t.number }),
])

/** The input `pay` takes; checked by `paymentOf`. */
export interface PaymentRequest {
  readonly recipient: string
  /** Whole units of the asset: '12.5' (a number is written as JavaScript writes it). */
  readonly amount: string | number
  /** CAIP-2: 'eip155:8453'. */
  readonly network: string
  /** 'native', or the ERC-20's contract address. */
  readonly asset: string
  readonly symbol?: string
  readonly decimals?: number
}

export type PaymentCheck = { readonly ok: true; readonly payment: Payment } | { readonly ok: false; readonly message: string }

const invalid = (what: string): PaymentCheck => ({ ok: false, message: `Invalid payment: ${what}` })

/** The payment `input` asks for, or what is wrong with it ("Invalid payment: …"). */
export function paymentOf(input: unknown, id: string): PaymentCheck {
  const decoded = Request.decode(input)
  if (!isRight(decoded)) return invalid('expected { recipient, amount, network, asset }')
  const request = decoded.right
  if (!EVM_ADDRESS.test(request.recipient)) return invalid(`recipient is not an address: ${request.recipient.slice(0, 60)}`)
  if (!EVM_NETWORK.test(request.network)) return invalid(`network must be an eip155 CAIP-2 id: ${request.network.slice(0, 60)}`)
  const native = request.asset === 'native'
  if (!native && !EVM_ADDRESS.test(request.asset)) return invalid(`asset must be 'native' or a token's address: ${request.asset.slice(0, 60)}`)
  const symbol = request.symbol ?? (native ? 'ETH' : undefined)
  const decimals = request.decimals ?? (native ? 18 : undefined)
  if (symbol === undefined || decimals === undefined) return invalid('a token needs its symbol and decimals')
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) return invalid(`decimals must be a whole number from 0 to 36: ${decimals}`)
  const amount = typeof request.amount === 'number' ? String(request.amount) : request.amount.trim()
  if (!DECIMAL.test(amount) || !/[1-9]/.test(amount)) return invalid(`amount must be a positive decimal: ${amount.slice(0, 40)}`)
  if ((amount.split('.')[1] ?? '').length > decimals) return invalid(`amount has more than ${decimals} decimals`)
  return { ok: true, payment: { id, recipient: request.recipient, amount, network: request.network, asset: request.asset, symbol, decimals } }
}

/** The amount in the asset's smallest unit: unitsOf('12.5', 6) === 12_500_000n. */
export function unitsOf(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole + fraction.padEnd(decimals, '0'))
}
