/** The name-service paths of the Blockchain API (SPEC §7 /v1/profile/*). */
import * as t from 'io-ts'
import { apiRequest, segment, type BlockchainApiOptions, type CallOptions } from './request'

/** The profile API version every profile call asks for (SPEC §7: apiVersion=2). */
const API_VERSION = '2'

export const NameProfile = t.intersection(
  [
    t.type({ name: t.string, addresses: t.record(t.string, t.type({ address: t.string })) }),
    t.partial({ attributes: t.array(t.unknown), registered: t.number, updated: t.number }),
  ],
  'NameProfile',
)

export const ReverseResponse = t.array(NameProfile, 'ReverseProfileResponse')

const Suggestion = t.intersection([t.type({ name: t.string }), t.partial({ registered: t.boolean })])
export const SuggestionsResponse = t.type({ suggestions: t.array(Suggestion) }, 'NameSuggestionsResponse')

/** The registration's answer is not read (SPEC §7): any JSON will do. */
export const RegisterResponse = t.unknown

/** GET /v1/profile/account/{name}?apiVersion=2. `(await profile(options, { name: 'alice.wcn.id' })).addresses` */
export const profile = (options: BlockchainApiOptions, params: { readonly name: string }, call?: CallOptions) =>
  apiRequest(options, { method: 'GET', path: `/v1/profile/account/${segment(params.name)}`, query: { apiVersion: API_VERSION }, codec: NameProfile }, call)

/** GET /v1/profile/reverse/{address}?sender&apiVersion=2. `(await reverseProfiles(options, { address }))[0]?.name` */
export const reverseProfiles = (options: BlockchainApiOptions, params: { readonly address: string; readonly sender?: string }, call?: CallOptions) =>
  apiRequest(
    options,
    {
      method: 'GET',
      path: `/v1/profile/reverse/${segment(params.address)}`,
      query: { sender: params.sender, apiVersion: API_VERSION },
      codec: ReverseResponse,
    },
    call,
  )

/** GET /v1/profile/suggestions/{name}?zone. `(await nameSuggestions(options, { name: 'alice', zone: 'wcn.id' })).suggestions` */
export const nameSuggestions = (options: BlockchainApiOptions, params: { readonly name: string; readonly zone?: string }, call?: CallOptions) =>
  apiRequest(
    options,
    { method: 'GET', path: `/v1/profile/suggestions/${segment(params.name)}`, query: { zone: params.zone }, codec: SuggestionsResponse },
    call,
  )

/**
 * POST /v1/profile/account, body coin_type, address, message, signature: register a name the
 * wallet signed for.
 *
 * ```ts
 * await registerName(options, { coinType: 60, address, message, signature })
 * ```
 */
export const registerName = (
  options: BlockchainApiOptions,
  params: { readonly coinType: number; readonly address: string; readonly message: string; readonly signature: string },
  call?: CallOptions,
) =>
  apiRequest(
    options,
    {
      method: 'POST',
      path: '/v1/profile/account',
      body: { coin_type: params.coinType, address: params.address, message: params.message, signature: params.signature },
      codec: RegisterResponse,
    },
    call,
  )
