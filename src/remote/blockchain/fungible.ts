/** POST /v1/fungible/price (SPEC §7): prices of tokens by CAIP-10 address. */
import * as t from 'io-ts'
import { apiRequest, type BlockchainApiOptions, type CallOptions } from './request'

const Fungible = t.type({ name: t.string, symbol: t.string, iconUrl: t.string, price: t.number })
export const FungiblePriceResponse = t.type({ fungibles: t.array(Fungible) }, 'FungiblePriceResponse')

/**
 * ```ts
 * const { fungibles } = await fungiblePrice(options, { currency: 'usd', addresses: ['eip155:1:0xA0b8…'] })
 * ```
 */
export const fungiblePrice = (
  options: BlockchainApiOptions,
  params: { readonly currency: string; readonly addresses: readonly string[] },
  call?: CallOptions,
) =>
  apiRequest(
    options,
    {
      method: 'POST',
      path: '/v1/fungible/price',
      body: { currency: params.currency, addresses: params.addresses, projectId: options.projectId },
      codec: FungiblePriceResponse,
    },
    call,
  )
