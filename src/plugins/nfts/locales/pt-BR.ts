/** The nfts plugin's strings in Brazilian Portuguese, fetched only for a page in that language. */
import type { en } from '../strings'

const ptBR: typeof en = {
  'titles.AccountNfts': 'NFTs',
  tab: 'NFTs',
  list: 'Seus NFTs',
  loading: 'Carregando NFTs…',
  empty: 'Nenhum NFT ainda.',
  error: 'Não foi possível carregar os NFTs.',
  moreFailed: 'Não foi possível carregar mais NFTs.',
  retry: 'Tentar de novo',
  more: 'Ver mais',
  loadingMore: 'Carregando mais…',
}

export default ptBR
