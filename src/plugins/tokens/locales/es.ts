/** The tokens plugin's strings in Spanish, fetched only for a page in that language. */
import type { en } from '../strings'

const es: typeof en = {
  'titles.AccountTokens': 'Tokens',
  tab: 'Tokens',
  total: 'Total',
  loading: 'Cargando saldos…',
  empty: 'Aún no tienes tokens.',
  unavailable: 'Saldo de tokens no disponible',
  list: 'Tus tokens',
  amount: '{amount} {symbol}',
}

export default es
