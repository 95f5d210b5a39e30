/**
 * The exchanges' paths of the Blockchain API, on the port's `request`, each answer decoded with
 * io-ts (an answer of another shape fails "HTTP request failed"):
 *
 * ```ts
 * const { exchanges } = await listExchanges(api, { network: 'eip155:8453', asset: 'native' })
 * const { url, sessionId } = await payUrl(api, { exchangeId: 'local', network, asset, amount: '12.5', recipient })
 * const { status, txHash } = await payStatus(api, { exchangeId: 'local', sessionId })
 * ```
 */
import * as t from 'io-ts'
import type { ApiCallOptions, BlockchainApi } from 'airlock/plugin'
import { Exchange } from './events'

export const ExchangesResponse = t.type({ exchanges: t.readonlyArray(Exchange) }, 'ExchangesResponse')
export const PayUrlResponse = t.type({ url: t.string, sessionId: t.string }, 'PayUrlResponse')
/** A payment's status at the exchange: UNKNOWN until the visitor pays, IN_PROGRESS, then SUCCESS (with the hash) or FAILED (with the reason). */
export const PayStatusResponse = t.intersection(
  [t.type({ status: t.keyof({ UNKNOWN: null, IN_PROGRESS: null, SUCCESS: null, FAILED: null }) }), t.partial({ txHash: t.string, message: t.string })],
  'PayStatusResponse',
)
export type PayStatusResponse = t.TypeOf<typeof PayStatusResponse>

/** GET /v1/exchanges?network&asset: the exchanges that pay this asset on this network. */
export const listExchanges = (api: BlockchainApi, params: { readonly network: string; readonly asset: string }, options?: ApiCallOptions) =>
  api.request({ method: 'GET', path: '/v1/exchanges', query: { network: params.network, asset: params.asset }, codec: ExchangesResponse }, options)

/** POST /v1/exchanges/pay-url: a payment session at the exchange, its page with the deposit pre-filled. */
export const payUrl = (
  api: BlockchainApi,
  body: { readonly exchangeId: string; readonly network: string; readonly asset: string; readonly amount: string; readonly recipient: string },
  options?: ApiCallOptions,
) => api.request({ method: 'POST', path: '/v1/exchanges/pay-url', body, codec: PayUrlResponse }, options)

/** GET /v1/exchanges/status?exchangeId&sessionId. */
export const payStatus = (api: BlockchainApi, params: { readonly exchangeId: string; readonly sessionId: string }, options?: ApiCallOptions) =>
  api.request(
    { method: 'GET', path: '/v1/exchanges/status', query: { exchangeId: params.exchangeId, sessionId: params.sessionId }, codec: PayStatusResponse },
    options,
  )
