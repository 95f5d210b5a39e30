/**
 * The activity plugin's strings, merged under its id (`activity.tab`). English is the fallback;
 * `failed` is SPEC §7 and §8's exact words.
 */
export const en = {
  'titles.AccountActivity': 'Activity',
  tab: 'Activity',
  list: 'Your activity',
  loading: 'Loading activity…',
  loadingMore: 'Loading more…',
  loadMore: 'Load more',
  empty: 'No activity yet.',
  failed: 'Failed to fetch transactions',
  retry: 'Try again',
  'operation.send': 'Sent',
  'operation.receive': 'Received',
  'operation.execute': 'Executed',
  'operation.other': 'Transaction',
  'status.confirmed': 'Confirmed',
  'status.failed': 'Failed',
  'status.pending': 'Pending',
  'status.other': 'Unknown',
  to: 'To {address}',
  from: 'From {address}',
  amount: '{amount} {symbol}',
  moreTransfers: '+{count} more',
  nft: 'NFT',
}
