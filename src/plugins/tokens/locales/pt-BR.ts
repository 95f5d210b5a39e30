/** The tokens plugin's strings in Brazilian Portuguese, fetched only for a page in that language. */
import type { en } from '../strings'

const ptBR: typeof en = {
  'titles.AccountTokens': 'Tokens',
  tab: 'Tokens',
  total: 'Total',
  loading: 'Carregando saldos…',
  empty: 'Nenhum token ainda.',
  unavailable: 'Saldo de tokens indisponível',
  list: 'Seus tokens',
  amount: '{amount} {symbol}',
}

export default ptBR
