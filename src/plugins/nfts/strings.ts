/** The NFTs plugin's strings, merged under its id (`nfts.tab`). English is the fallback. */
export const en = {
  'titles.AccountNfts': 'NFTs',
  tab: 'NFTs',
  list: 'Your NFTs',
  loading: 'Loading NFTs…',
  empty: 'No NFTs yet.',
  error: 'NFTs could not be loaded.',
  moreFailed: 'More NFTs could not be loaded.',
  retry: 'Try again',
  more: 'Show more',
  loadingMore: 'Loading more…',
}
