/**
 * The NFT path of the Blockchain API: GET /v1/account/{address}/nfts?chainId&cursor, the ERC-721
 * tokens an account owns, a page at a time. SPEC §7 names no NFT path; this one is the self-hosted
 * service's (services/blockchain/nfts.mjs), shaped like history's `{ data, next }`.
 */
import * as t from 'io-ts'
import { apiRequest, segment, type BlockchainApiOptions, type CallOptions } from './request'
import { Nft } from '../../events/shapes/nft'

/** One NFT (src/events/shapes/nft.ts). */
export const NftItem = Nft

export const NftsResponse = t.type({ data: t.array(NftItem), next: t.union([t.string, t.null]) }, 'NftsResponse')

/**
 * GET /v1/account/{address}/nfts?chainId&cursor: one page of the NFTs `address` owns.
 *
 * ```ts
 * const { data, next } = await nfts(options, { address: '0xf39F…', chainId: 'eip155:1' })
 * ```
 */
export const nfts = (
  options: BlockchainApiOptions,
  params: { readonly address: string; readonly chainId?: string; readonly cursor?: string },
  call?: CallOptions,
) =>
  apiRequest(
    options,
    { method: 'GET', path: `/v1/account/${segment(params.address)}/nfts`, query: { chainId: params.chainId, cursor: params.cursor }, codec: NftsResponse },
    call,
  )
