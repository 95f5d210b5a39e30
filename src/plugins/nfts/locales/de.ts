/** The nfts plugin's strings in German, fetched only for a German page. */
import type { en } from '../strings'

const de: typeof en = {
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

export default de
