/** GET v1/supported-chains: the CAIP-2 ids the Blockchain API serves. */
import * as t from 'io-ts'
import { apiRequest, type BlockchainApiOptions, type CallOptions } from './request'

export const SupportedChainsResponse = t.intersection([t.type({ http: t.array(t.string) }), t.partial({ ws: t.array(t.string) })], 'SupportedChainsResponse')

/**
 * ```ts
 * await supportedChains(options) // { http: ['eip155:1', 'eip155:137'], ws: ['eip155:1'] }
 * ```
 */
export const supportedChains = (options: BlockchainApiOptions, call?: CallOptions) =>
  apiRequest(options, { method: 'GET', path: 'v1/supported-chains', codec: SupportedChainsResponse }, call)
