/** The on-ramp paths of the Blockchain API (SPEC §7): the widget URL, the options and a quote. */
import * as t from 'io-ts'
import { apiRequest, type BlockchainApiOptions, type CallOptions } from './request'

/** SPEC §7: the on-ramp widget opens on buying. */
const DEFAULT_EXPERIENCE = 'buy'

export const OnrampUrlResponse = t.type({ url: t.string }, 'OnrampUrlResponse')

const PurchaseCurrencyCodec = t.type({
  id: t.string,
  name: t.string,
  symbol: t.string,
  networks: t.readonlyArray(t.type({ name: t.string, display_name: t.string, chain_id: t.string, contract_address: t.string })),
})
const PaymentCurrencyCodec = t.type({
  id: t.string,
  payment_method_limits: t.readonlyArray(t.type({ id: t.string, min: t.string, max: t.string })),
})
export const OnrampOptionsResponse = t.type(
  { paymentCurrencies: t.array(PaymentCurrencyCodec), purchaseCurrencies: t.array(PurchaseCurrencyCodec) },
  'OnrampOptionsResponse',
)

const Amount = t.type({ amount: t.string, currency: t.string })
/** SPEC §3 onramp quote; SPEC §7 reads `purchaseAmount.amount`, so only it is required. */
export const OnrampQuoteResponse = t.intersection(
  [
    t.type({ purchaseAmount: Amount }),
    t.partial({ coinbaseFee: Amount, networkFee: Amount, paymentSubtotal: Amount, paymentTotal: Amount, quoteId: t.string }),
  ],
  'OnrampQuoteResponse',
)

/**
 * POST /v1/generators/onrampurl, body destinationWallets, defaultNetwork, partnerUserId,
 * defaultExperience=buy, presetCryptoAmount, presetFiatAmount.
 *
 * ```ts
 * const { url } = await onrampUrl(options, { destinationWallets: [{ address, blockchains: ['ethereum'] }], partnerUserId: address })
 * ```
 */
export const onrampUrl = (
  options: BlockchainApiOptions,
  params: {
    readonly destinationWallets: readonly { readonly address: string; readonly blockchains?: readonly string[]; readonly assets?: readonly string[] }[]
    readonly partnerUserId: string
    readonly defaultNetwork?: string
    readonly presetCryptoAmount?: number
    readonly presetFiatAmount?: number
  },
  call?: CallOptions,
) =>
  apiRequest(
    options,
    {
      method: 'POST',
      path: '/v1/generators/onrampurl',
      body: {
        destinationWallets: params.destinationWallets,
        defaultNetwork: params.defaultNetwork,
        partnerUserId: params.partnerUserId,
        defaultExperience: DEFAULT_EXPERIENCE,
        presetCryptoAmount: params.presetCryptoAmount,
        presetFiatAmount: params.presetFiatAmount,
      },
      codec: OnrampUrlResponse,
    },
    call,
  )

/** GET /v1/onramp/options. `const { purchaseCurrencies } = await onrampOptions(options)` */
export const onrampOptions = (options: BlockchainApiOptions, call?: CallOptions) =>
  apiRequest(options, { method: 'GET', path: '/v1/onramp/options', codec: OnrampOptionsResponse }, call)

/**
 * POST /v1/onramp/quote, body purchaseCurrency, paymentCurrency, amount, network.
 *
 * ```ts
 * const quote = await onrampQuote(options, { purchaseCurrency, paymentCurrency, amount: '100', network: 'ethereum' })
 * quote.purchaseAmount.amount // '0.031'
 * ```
 */
export const onrampQuote = (
  options: BlockchainApiOptions,
  params: {
    readonly purchaseCurrency: t.TypeOf<typeof PurchaseCurrencyCodec>
    readonly paymentCurrency: t.TypeOf<typeof PaymentCurrencyCodec>
    readonly amount: string
    readonly network?: string
  },
  call?: CallOptions,
) =>
  apiRequest(
    options,
    {
      method: 'POST',
      path: '/v1/onramp/quote',
      body: { purchaseCurrency: params.purchaseCurrency, paymentCurrency: params.paymentCurrency, amount: params.amount, network: params.network },
      codec: OnrampQuoteResponse,
    },
    call,
  )
