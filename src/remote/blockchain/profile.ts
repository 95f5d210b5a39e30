/**
 * The name-service lookups of the Blockchain API (SPEC §7 /v1/profile/account/{name} and
 * /v1/profile/reverse/{address}), which send, identity and names all read. The names plugin's
 * suggestions and registration are its own (src/plugins/names/api.ts).
 */
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
