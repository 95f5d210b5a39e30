/** The tokens plugin's strings in German, fetched only for a German page. */
import type { en } from '../strings'

const de: typeof en = {
  'titles.AccountTokens': 'Tokens',
  tab: 'Tokens',
  total: 'Gesamt',
  loading: 'Guthaben werden geladen…',
  empty: 'Noch keine Tokens.',
  unavailable: 'Token-Guthaben nicht verfügbar',
  list: 'Deine Tokens',
  amount: '{amount} {symbol}',
}

export default de
