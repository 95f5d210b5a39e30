/** The nfts plugin's strings in Spanish, fetched only for a page in that language. */
import type { en } from '../strings'

const es: typeof en = {
  'titles.AccountNfts': 'NFT',
  tab: 'NFT',
  list: 'Tus NFT',
  loading: 'Cargando NFT…',
  empty: 'Aún no tienes NFT.',
  error: 'No se pudieron cargar los NFT.',
  moreFailed: 'No se pudieron cargar más NFT.',
  retry: 'Reintentar',
  more: 'Ver más',
  loadingMore: 'Cargando más…',
}

export default es
