/** The tokens plugin's strings, merged under its id (`tokens.tab`). English is the fallback. */
export const en = {
  'titles.AccountTokens': 'Tokens',
  tab: 'Tokens',
  total: 'Total',
  loading: 'Loading balances…',
  empty: 'No tokens yet.',
  unavailable: 'Token Balance Unavailable',
  list: 'Your tokens',
  amount: '{amount} {symbol}',
}

/** Every English key has its German text. */
export const de: Partial<typeof en> = {
  'titles.AccountTokens': 'Tokens',
  tab: 'Tokens',
  total: 'Gesamt',
  loading: 'Guthaben werden geladen…',
  empty: 'Noch keine Tokens.',
  unavailable: 'Token-Guthaben nicht verfügbar',
  list: 'Deine Tokens',
  amount: '{amount} {symbol}',
}
