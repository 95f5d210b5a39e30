/** NFTs per page by default, and the most a `limit` asks for. */
export const NFT_PAGE_SIZE: number
export const NFT_MAX_PAGE_SIZE: number

/** One item of GET /v1/account/{address}/nfts. */
export interface NftJson {
  /** CAIP-2 */
  chainId: string
  /** CAIP-10 */
  contract: string
  /** decimal */
  tokenId: string
  name: string
  /** the contract's name() */
  collection: string
  image: string | null
  flags: { is_spam: boolean }
}

/** By contract (case-insensitive), then token id as a number. */
export function compareNfts(a: { contract: string; tokenId: string }, b: { contract: string; tokenId: string }): number

export function nftRoute(options: {
  target: (account: string, chainId: string | null) => { address: string; list: string[] }
  chains: Map<string, { nfts?(address: string): Promise<{ contract: string; tokenId: string; name: string; collection: string; image: string | null }[]> }>
  spam?: string[]
}): (query: URLSearchParams, account: string) => Promise<{ data: NftJson[]; next: string | null }>
