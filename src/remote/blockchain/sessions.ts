/** The smart-session paths of the Blockchain API (SPEC §7 /v1/sessions/*). */
import * as t from 'io-ts'
import { apiRequest, segment, type BlockchainApiOptions, type CallOptions } from './request'

export const SessionsResponse = t.type({ pcis: t.array(t.unknown) }, 'SessionsResponse')

/** The revocation's answer is not read (SPEC §7): any JSON will do. */
export const RevokeResponse = t.unknown

/** GET /v1/sessions/{id}. `(await sessions(options, { id: 'eip155:1:0xf39F…' })).pcis` */
export const sessions = (options: BlockchainApiOptions, params: { readonly id: string }, call?: CallOptions) =>
  apiRequest(options, { method: 'GET', path: `/v1/sessions/${segment(params.id)}`, codec: SessionsResponse }, call)

/** POST /v1/sessions/{id}/revoke, body pci, signature. `await revokeSession(options, { id, pci, signature })` */
export const revokeSession = (
  options: BlockchainApiOptions,
  params: { readonly id: string; readonly pci: string; readonly signature: string },
  call?: CallOptions,
) =>
  apiRequest(
    options,
    { method: 'POST', path: `/v1/sessions/${segment(params.id)}/revoke`, body: { pci: params.pci, signature: params.signature }, codec: RevokeResponse },
    call,
  )
