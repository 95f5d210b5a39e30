/** The activity plugin's strings in German, fetched only for a German page. */
import type { en } from '../strings'

const de: typeof en = {
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

export default de
