/** The activity plugin's strings in Brazilian Portuguese, fetched only for a page in that language. */
import type { en } from '../strings'

const ptBR: typeof en = {
  'titles.AccountActivity': 'Atividade',
  tab: 'Atividade',
  list: 'Sua atividade',
  loading: 'Carregando atividade…',
  loadingMore: 'Carregando mais…',
  loadMore: 'Carregar mais',
  empty: 'Nenhuma atividade ainda.',
  failed: 'Não foi possível buscar as transações',
  retry: 'Tentar de novo',
  'operation.send': 'Enviado',
  'operation.receive': 'Recebido',
  'operation.execute': 'Executado',
  'operation.other': 'Transação',
  'status.confirmed': 'Confirmada',
  'status.failed': 'Falhou',
  'status.pending': 'Pendente',
  'status.other': 'Desconhecido',
  to: 'Para {address}',
  from: 'De {address}',
  amount: '{amount} {symbol}',
  moreTransfers: '+{count} outras',
  nft: 'NFT',
}

export default ptBR
