/**
 * The names plugin's own paths of the Blockchain API (SPEC §7 GET /v1/profile/suggestions/{name}
 * and POST /v1/profile/account), on the port's `request`; the lookups of a profile by name and by
 * address, which send and identity read too, are the port's (`api.profile`, `api.reverseProfiles`).
 *
 * ```ts
 * const { suggestions } = await nameSuggestions(api, { name: 'alice', zone: 'wcn.id' })
 * ```
 */
import * as t from 'io-ts'
import type { ApiCallOptions, BlockchainApi } from 'airlock/plugin'

const Suggestion = t.intersection([t.type({ name: t.string }), t.partial({ registered: t.boolean })])
export const SuggestionsResponse = t.type({ suggestions: t.array(Suggestion) }, 'NameSuggestionsResponse')

/** The registration's answer is not read (SPEC §7): any JSON will do. */
export const RegisterResponse = t.unknown

/** GET /v1/profile/suggestions/{name}?zone. */
export const nameSuggestions = (api: BlockchainApi, params: { readonly name: string; readonly zone?: string }, options?: ApiCallOptions) =>
  api.request(
    { method: 'GET', path: `/v1/profile/suggestions/${encodeURIComponent(params.name)}`, query: { zone: params.zone }, codec: SuggestionsResponse },
    options,
  )

/**
 * POST /v1/profile/account, body coin_type, address, message, signature: register a name the
 * wallet signed for. `await registerName(api, { coinType: 60, address, message, signature })`
 */
export const registerName = (
  api: BlockchainApi,
  params: { readonly coinType: number; readonly address: string; readonly message: string; readonly signature: string },
  options?: ApiCallOptions,
) =>
  api.request(
    {
      method: 'POST',
      path: '/v1/profile/account',
      body: { coin_type: params.coinType, address: params.address, message: params.message, signature: params.signature },
      codec: RegisterResponse,
    },
    options,
  )
