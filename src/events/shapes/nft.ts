/**
 * One NFT as the Blockchain API lists it (GET /v1/account/{address}/nfts, the self-hosted
 * service's path): where it lives (CAIP-2 chain, CAIP-10 contract), its id, names, image URL and
 * spam flag. Shared by the API client (src/remote/blockchain/nfts.ts) and the NFTs plugin's events.
 */
import * as t from 'io-ts'

export const Nft = t.type(
  {
    chainId: t.string,
    contract: t.string,
    tokenId: t.string,
    name: t.string,
    collection: t.string,
    image: t.union([t.string, t.null]),
    flags: t.type({ is_spam: t.boolean }),
  },
  'Nft',
)
export type Nft = t.TypeOf<typeof Nft>
