/** The tokens plugin's strings in Japanese, fetched only for a page in that language. */
import type { en } from '../strings'

const ja: typeof en = {
  'titles.AccountTokens': 'トークン',
  tab: 'トークン',
  total: '合計',
  loading: '残高を読み込み中…',
  empty: 'まだトークンがありません。',
  unavailable: 'トークン残高を取得できません',
  list: '保有トークン',
  amount: '{amount} {symbol}',
}

export default ja
