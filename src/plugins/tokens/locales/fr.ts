/** The tokens plugin's strings in French, fetched only for a page in that language. */
import type { en } from '../strings'

const fr: typeof en = {
  'titles.AccountTokens': 'Tokens',
  tab: 'Tokens',
  total: 'Total',
  loading: 'Chargement des soldes…',
  empty: 'Pas encore de tokens.',
  unavailable: 'Solde des tokens indisponible',
  list: 'Vos tokens',
  amount: '{amount} {symbol}',
}

export default fr
