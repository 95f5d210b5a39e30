/** The activity plugin's strings in French, fetched only for a page in that language. */
import type { en } from '../strings'

const fr: typeof en = {
  'titles.AccountActivity': 'Activité',
  tab: 'Activité',
  list: 'Votre activité',
  loading: 'Chargement de l’activité…',
  loadingMore: 'Chargement…',
  loadMore: 'Charger plus',
  empty: 'Pas encore d’activité.',
  failed: 'Impossible de récupérer les transactions',
  retry: 'Réessayer',
  'operation.send': 'Envoyé',
  'operation.receive': 'Reçu',
  'operation.execute': 'Exécuté',
  'operation.other': 'Transaction',
  'status.confirmed': 'Confirmée',
  'status.failed': 'Échouée',
  'status.pending': 'En attente',
  'status.other': 'Inconnu',
  to: 'À {address}',
  from: 'De {address}',
  amount: '{amount} {symbol}',
  moreTransfers: '+{count} de plus',
  nft: 'NFT',
}

export default fr
