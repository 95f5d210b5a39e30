/**
 * The on-ramp's own paths of the Blockchain API (SPEC §7): the widget URL, the options and a
 * quote, on the port's `request`. The answers are decoded with the codecs of the on-ramp's events
 * (./events), the shapes SPEC §3 names.
 *
 * ```ts
 * const { url } = await onrampUrl(api, { destinationWallets: [{ address, blockchains: ['ethereum'] }], partnerUserId: address })
 * ```
 */
import * as t from 'io-ts'
import type { ApiCallOptions, BlockchainApi } from 'airlock/plugin'
import { OnrampQuote, PaymentCurrency, PurchaseCurrency } from './events'

/** SPEC §7: the on-ramp widget opens on buying. */
const DEFAULT_EXPERIENCE = 'buy'

export const OnrampUrlResponse = t.type({ url: t.string }, 'OnrampUrlResponse')

export const OnrampOptionsResponse = t.type(
  { paymentCurrencies: t.readonlyArray(PaymentCurrency), purchaseCurrencies: t.readonlyArray(PurchaseCurrency) },
  'OnrampOptionsResponse',
)
/** GET /v1/onramp/options. */
export type OnrampOptions = t.TypeOf<typeof OnrampOptionsResponse>

/**
 * POST /v1/generators/onrampurl, body destinationWallets, defaultNetwork, partnerUserId,
 * defaultExperience=buy, presetCryptoAmount, presetFiatAmount.
 */
export const onrampUrl = (
  api: BlockchainApi,
  params: {
    readonly destinationWallets: readonly { readonly address: string; readonly blockchains?: readonly string[]; readonly assets?: readonly string[] }[]
    readonly partnerUserId: string
    readonly defaultNetwork?: string
    readonly presetCryptoAmount?: number
    readonly presetFiatAmount?: number
  },
  options?: ApiCallOptions,
) =>
  api.request(
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
    options,
  )

/** GET /v1/onramp/options. `const { purchaseCurrencies } = await onrampOptions(api)` */
export const onrampOptions = (api: BlockchainApi, options?: ApiCallOptions) =>
  api.request({ method: 'GET', path: '/v1/onramp/options', codec: OnrampOptionsResponse }, options)

/**
 * POST /v1/onramp/quote, body purchaseCurrency, paymentCurrency, amount, network; SPEC §7 reads
 * `purchaseAmount.amount`, the one field the codec requires.
 * `(await onrampQuote(api, { purchaseCurrency, paymentCurrency, amount: '100', network: 'ethereum' })).purchaseAmount.amount`
 */
export const onrampQuote = (
  api: BlockchainApi,
  params: { readonly purchaseCurrency: PurchaseCurrency; readonly paymentCurrency: PaymentCurrency; readonly amount: string; readonly network?: string },
  options?: ApiCallOptions,
) =>
  api.request(
    {
      method: 'POST',
      path: '/v1/onramp/quote',
      body: { purchaseCurrency: params.purchaseCurrency, paymentCurrency: params.paymentCurrency, amount: params.amount, network: params.network },
      codec: OnrampQuote,
    },
    options,
  )
