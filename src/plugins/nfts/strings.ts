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

/** Every English key has its German text. */
export const de: Partial<typeof en> = {
  'titles.AccountNfts': 'NFTs',
  tab: 'NFTs',
  list: 'Deine NFTs',
  loading: 'NFTs werden geladen…',
  empty: 'Noch keine NFTs.',
  error: 'NFTs konnten nicht geladen werden.',
  moreFailed: 'Weitere NFTs konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  more: 'Mehr anzeigen',
  loadingMore: 'Weitere werden geladen…',
}
