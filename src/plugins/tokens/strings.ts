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
