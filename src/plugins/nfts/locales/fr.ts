/** The nfts plugin's strings in French, fetched only for a page in that language. */
import type { en } from '../strings'

const fr: typeof en = {
  'titles.AccountNfts': 'NFT',
  tab: 'NFT',
  list: 'Vos NFT',
  loading: 'Chargement des NFT…',
  empty: 'Pas encore de NFT.',
  error: 'Impossible de charger les NFT.',
  moreFailed: 'Impossible de charger plus de NFT.',
  retry: 'Réessayer',
  more: 'Voir plus',
  loadingMore: 'Chargement…',
}

export default fr
