/** The swap paths of the Blockchain API (SPEC §7 /v1/convert/*). */
import * as t from 'io-ts'
import { apiRequest, type BlockchainApiOptions, type CallOptions } from './request'

const Quote = t.intersection([
  t.type({ fromAmount: t.string, fromAccount: t.string, toAmount: t.string, toAccount: t.string }),
  t.partial({ id: t.union([t.string, t.null]) }),
])
export const QuotesResponse = t.type({ quotes: t.array(Quote) }, 'ConvertQuotesResponse')

const Token = t.type({ name: t.string, symbol: t.string, address: t.string, decimals: t.number, logoUri: t.string })
export const TokensResponse = t.type({ tokens: t.array(Token) }, 'ConvertTokensResponse')

export const AllowanceResponse = t.type({ allowance: t.string }, 'ConvertAllowanceResponse')

export const GasPriceResponse = t.type({ standard: t.string, fast: t.string, instant: t.string }, 'ConvertGasPriceResponse')

const BuiltTransaction = t.intersection([
  t.type({ from: t.string, to: t.string, data: t.string }),
  t.partial({ value: t.string, amount: t.string, eip155: t.type({ gas: t.string, gasPrice: t.string }) }),
])
export const BuiltTransactionResponse = t.type({ tx: BuiltTransaction }, 'ConvertTransactionResponse')

/**
 * GET /v1/convert/quotes?amount&userAddress&from&to&gasPrice.
 *
 * ```ts
 * const { quotes } = await convertQuotes(options, { amount: '1000000', userAddress, from: 'eip155:1:0xA0b8…', to: 'eip155:1:0xdAC1…' })
 * ```
 */
export const convertQuotes = (
  options: BlockchainApiOptions,
  params: { readonly amount: string; readonly userAddress: string; readonly from: string; readonly to: string; readonly gasPrice?: string },
  call?: CallOptions,
) => apiRequest(options, { method: 'GET', path: '/v1/convert/quotes', query: { ...params }, codec: QuotesResponse }, call)

/** GET /v1/convert/tokens?chainId. `await convertTokens(options, { chainId: 'eip155:1' })` */
export const convertTokens = (options: BlockchainApiOptions, params: { readonly chainId: string }, call?: CallOptions) =>
  apiRequest(options, { method: 'GET', path: '/v1/convert/tokens', query: { chainId: params.chainId }, codec: TokensResponse }, call)

/** GET /v1/convert/allowance?tokenAddress&userAddress. `(await convertAllowance(options, { tokenAddress, userAddress })).allowance` */
export const convertAllowance = (options: BlockchainApiOptions, params: { readonly tokenAddress: string; readonly userAddress: string }, call?: CallOptions) =>
  apiRequest(
    options,
    { method: 'GET', path: '/v1/convert/allowance', query: { tokenAddress: params.tokenAddress, userAddress: params.userAddress }, codec: AllowanceResponse },
    call,
  )

/** GET /v1/convert/gas-price?chainId. `(await convertGasPrice(options, { chainId: 'eip155:1' })).standard` */
export const convertGasPrice = (options: BlockchainApiOptions, params: { readonly chainId: string }, call?: CallOptions) =>
  apiRequest(options, { method: 'GET', path: '/v1/convert/gas-price', query: { chainId: params.chainId }, codec: GasPriceResponse }, call)

/**
 * POST /v1/convert/build-transaction, body amount, eip155.slippage, projectId, from, to,
 * userAddress, disableEstimate.
 *
 * ```ts
 * const { tx } = await buildConvertTransaction(options, { amount: '1000000', slippage: 0.5, from, to, userAddress })
 * ```
 */
export const buildConvertTransaction = (
  options: BlockchainApiOptions,
  params: {
    readonly amount: string
    readonly slippage: string | number
    readonly from: string
    readonly to: string
    readonly userAddress: string
    readonly disableEstimate?: boolean
  },
  call?: CallOptions,
) =>
  apiRequest(
    options,
    {
      method: 'POST',
      path: '/v1/convert/build-transaction',
      body: {
        amount: params.amount,
        eip155: { slippage: String(params.slippage) },
        projectId: options.projectId,
        from: params.from,
        to: params.to,
        userAddress: params.userAddress,
        disableEstimate: params.disableEstimate ?? false,
      },
      codec: BuiltTransactionResponse,
    },
    call,
  )

/** GET /v1/convert/build-approve?userAddress&from&to. `const { tx } = await buildConvertApprove(options, { userAddress, from, to })` */
export const buildConvertApprove = (
  options: BlockchainApiOptions,
  params: { readonly userAddress: string; readonly from: string; readonly to: string },
  call?: CallOptions,
) =>
  apiRequest(
    options,
    {
      method: 'GET',
      path: '/v1/convert/build-approve',
      query: { userAddress: params.userAddress, from: params.from, to: params.to },
      codec: BuiltTransactionResponse,
    },
    call,
  )
