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

/** Every English key has its German text. */
export const de: Partial<typeof en> = {
  'titles.AccountActivity': 'Aktivität',
  tab: 'Aktivität',
  list: 'Deine Aktivität',
  loading: 'Aktivität wird geladen…',
  loadingMore: 'Weitere werden geladen…',
  loadMore: 'Mehr laden',
  empty: 'Noch keine Aktivität.',
  failed: 'Transaktionen konnten nicht geladen werden',
  retry: 'Erneut versuchen',
  'operation.send': 'Gesendet',
  'operation.receive': 'Empfangen',
  'operation.execute': 'Ausgeführt',
  'operation.other': 'Transaktion',
  'status.confirmed': 'Bestätigt',
  'status.failed': 'Fehlgeschlagen',
  'status.pending': 'Ausstehend',
  'status.other': 'Unbekannt',
  to: 'An {address}',
  from: 'Von {address}',
  amount: '{amount} {symbol}',
  moreTransfers: '+{count} weitere',
  nft: 'NFT',
}
