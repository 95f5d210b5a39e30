/**
 * Swap's own paths of the Blockchain API (SPEC §7 /v1/convert/* and POST /v1/fungible/price), on
 * the port's `request`: the base URL, the sdk and project query parameters, SPEC §9's time-out and
 * retries and SPEC §8's failures are the client's; the paths, their parameters and the codecs of
 * their answers are swap's, and load with swap's code.
 *
 * ```ts
 * const { quotes } = await convertQuotes(api, { amount: '1000000', userAddress, from: 'eip155:1:0xA0b8…', to: 'eip155:1:0xdAC1…' })
 * ```
 */
import * as t from 'io-ts'
import type { ApiCallOptions, BlockchainApi } from 'airlock/plugin'

const Quote = t.intersection([
  t.type({ fromAmount: t.string, fromAccount: t.string, toAmount: t.string, toAccount: t.string }),
  t.partial({ id: t.union([t.string, t.null]) }),
])
export const QuotesResponse = t.type({ quotes: t.array(Quote) }, 'ConvertQuotesResponse')
/** A swap quote (GET /v1/convert/quotes). */
export type ConvertQuote = t.TypeOf<typeof Quote>

const Token = t.type({ name: t.string, symbol: t.string, address: t.string, decimals: t.number, logoUri: t.string })
export const TokensResponse = t.type({ tokens: t.array(Token) }, 'ConvertTokensResponse')
/** A token that can be swapped (GET /v1/convert/tokens); `address` is CAIP-10. */
export type ConvertToken = t.TypeOf<typeof Token>

export const AllowanceResponse = t.type({ allowance: t.string }, 'ConvertAllowanceResponse')

export const GasPriceResponse = t.type({ standard: t.string, fast: t.string, instant: t.string }, 'ConvertGasPriceResponse')
/** Gas prices in wei, decimal strings (GET /v1/convert/gas-price). */
export type GasPrice = t.TypeOf<typeof GasPriceResponse>

const BuiltTransaction = t.intersection([
  t.type({ from: t.string, to: t.string, data: t.string }),
  t.partial({ value: t.string, amount: t.string, eip155: t.type({ gas: t.string, gasPrice: t.string }) }),
])
export const BuiltTransactionResponse = t.type({ tx: BuiltTransaction }, 'ConvertTransactionResponse')
/** A transaction the API built for a swap or an approval. */
export type ConvertTransaction = t.TypeOf<typeof BuiltTransaction>

const Fungible = t.type({ name: t.string, symbol: t.string, iconUrl: t.string, price: t.number })
export const FungiblePriceResponse = t.type({ fungibles: t.array(Fungible) }, 'FungiblePriceResponse')

/** GET /v1/convert/quotes?amount&userAddress&from&to&gasPrice. */
export const convertQuotes = (
  api: BlockchainApi,
  params: { readonly amount: string; readonly userAddress: string; readonly from: string; readonly to: string; readonly gasPrice?: string },
  options?: ApiCallOptions,
) => api.request({ method: 'GET', path: '/v1/convert/quotes', query: { ...params }, codec: QuotesResponse }, options)

/** GET /v1/convert/tokens?chainId. `(await convertTokens(api, { chainId: 'eip155:1' })).tokens` */
export const convertTokens = (api: BlockchainApi, params: { readonly chainId: string }, options?: ApiCallOptions) =>
  api.request({ method: 'GET', path: '/v1/convert/tokens', query: { chainId: params.chainId }, codec: TokensResponse }, options)

/** GET /v1/convert/allowance?tokenAddress&userAddress. `(await convertAllowance(api, { tokenAddress, userAddress })).allowance` */
export const convertAllowance = (api: BlockchainApi, params: { readonly tokenAddress: string; readonly userAddress: string }, options?: ApiCallOptions) =>
  api.request(
    { method: 'GET', path: '/v1/convert/allowance', query: { tokenAddress: params.tokenAddress, userAddress: params.userAddress }, codec: AllowanceResponse },
    options,
  )

/** GET /v1/convert/gas-price?chainId. `(await convertGasPrice(api, { chainId: 'eip155:1' })).standard` */
export const convertGasPrice = (api: BlockchainApi, params: { readonly chainId: string }, options?: ApiCallOptions) =>
  api.request({ method: 'GET', path: '/v1/convert/gas-price', query: { chainId: params.chainId }, codec: GasPriceResponse }, options)

/**
 * POST /v1/convert/build-transaction, body amount, eip155.slippage, projectId, from, to,
 * userAddress, disableEstimate. `const { tx } = await buildConvertTransaction(api, { amount: '1000000', slippage: 0.5, from, to, userAddress })`
 */
export const buildConvertTransaction = (
  api: BlockchainApi,
  params: {
    readonly amount: string
    readonly slippage: string | number
    readonly from: string
    readonly to: string
    readonly userAddress: string
    readonly disableEstimate?: boolean
  },
  options?: ApiCallOptions,
) =>
  api.request(
    {
      method: 'POST',
      path: '/v1/convert/build-transaction',
      body: {
        amount: params.amount,
        eip155: { slippage: String(params.slippage) },
        projectId: api.projectId,
        from: params.from,
        to: params.to,
        userAddress: params.userAddress,
        disableEstimate: params.disableEstimate ?? false,
      },
      codec: BuiltTransactionResponse,
    },
    options,
  )

/** GET /v1/convert/build-approve?userAddress&from&to. `const { tx } = await buildConvertApprove(api, { userAddress, from, to })` */
export const buildConvertApprove = (
  api: BlockchainApi,
  params: { readonly userAddress: string; readonly from: string; readonly to: string },
  options?: ApiCallOptions,
) =>
  api.request(
    {
      method: 'GET',
      path: '/v1/convert/build-approve',
      query: { userAddress: params.userAddress, from: params.from, to: params.to },
      codec: BuiltTransactionResponse,
    },
    options,
  )

/** POST /v1/fungible/price, body currency, addresses, projectId. `(await fungiblePrice(api, { currency: 'usd', addresses: ['eip155:1:0xA0b8…'] })).fungibles` */
export const fungiblePrice = (api: BlockchainApi, params: { readonly currency: string; readonly addresses: readonly string[] }, options?: ApiCallOptions) =>
  api.request(
    {
      method: 'POST',
      path: '/v1/fungible/price',
      body: { currency: params.currency, addresses: params.addresses, projectId: api.projectId },
      codec: FungiblePriceResponse,
    },
    options,
  )
