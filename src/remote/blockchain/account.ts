/**
 * The account paths of the Blockchain API (SPEC §7): identity, transaction history and balance,
 * with codecs for SPEC §3's identity and token balance (the transaction item's is in
 * src/events/shapes/transaction.ts, shared with the activity plugin).
 */
import * as t from 'io-ts'
import { apiRequest, segment, type BlockchainApiOptions, type CallOptions } from './request'
import { TransactionItem } from '../../events/shapes/transaction'

export { TransactionItem }

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null])

/** SPEC §3 identity cache: avatar and name, either missing or null when unknown. */
export const IdentityResponse = t.partial({ name: nullable(t.string), avatar: nullable(t.string) }, 'IdentityResponse')

export const HistoryResponse = t.type({ data: t.array(TransactionItem), next: nullable(t.string) }, 'HistoryResponse')

/** SPEC §3 token balance; `address` is absent for the native currency. */
export const TokenBalance = t.intersection([
  t.type({
    name: t.string,
    symbol: t.string,
    chainId: t.string,
    price: t.number,
    quantity: t.type({ decimals: t.string, numeric: t.string }),
    iconUrl: t.string,
  }),
  t.partial({ address: t.string, value: t.number }),
])

export const BalanceResponse = t.type({ balances: t.array(TokenBalance) }, 'BalanceResponse')

/**
 * GET /v1/identity/{address}?sender.
 *
 * ```ts
 * await identity(options, { address: '0xf39F…' }) // { name: 'vitalik.eth', avatar: 'https://…' }
 * ```
 */
export const identity = (options: BlockchainApiOptions, params: { readonly address: string; readonly sender?: string }, call?: CallOptions) =>
  apiRequest(options, { method: 'GET', path: `/v1/identity/${segment(params.address)}`, query: { sender: params.sender }, codec: IdentityResponse }, call)

/**
 * GET /v1/account/{account}/history?cursor&onramp&chainId: one page of transactions.
 *
 * ```ts
 * const { data, next } = await history(options, { account: '0xf39F…', chainId: 'eip155:1' })
 * ```
 */
export const history = (
  options: BlockchainApiOptions,
  params: { readonly account: string; readonly cursor?: string; readonly onramp?: string; readonly chainId?: string },
  call?: CallOptions,
) =>
  apiRequest(
    options,
    {
      method: 'GET',
      path: `/v1/account/${segment(params.account)}/history`,
      query: { cursor: params.cursor, onramp: params.onramp, chainId: params.chainId },
      codec: HistoryResponse,
    },
    call,
  )

/**
 * GET /v1/account/{address}/balance?currency=usd&chainId&forceUpdate.
 *
 * ```ts
 * const { balances } = await balance(options, { address: '0xf39F…', chainId: 'eip155:1' })
 * ```
 */
export const balance = (
  options: BlockchainApiOptions,
  params: { readonly address: string; readonly chainId?: string; readonly forceUpdate?: string; readonly currency?: string },
  call?: CallOptions,
) =>
  apiRequest(
    options,
    {
      method: 'GET',
      path: `/v1/account/${segment(params.address)}/balance`,
      query: { currency: params.currency ?? 'usd', chainId: params.chainId, forceUpdate: params.forceUpdate },
      codec: BalanceResponse,
    },
    call,
  )
