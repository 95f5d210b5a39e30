/** The activity plugin's strings in Japanese, fetched only for a page in that language. */
import type { en } from '../strings'

const ja: typeof en = {
  'titles.AccountActivity': 'アクティビティ',
  tab: 'アクティビティ',
  list: 'あなたのアクティビティ',
  loading: 'アクティビティを読み込み中…',
  loadingMore: 'さらに読み込み中…',
  loadMore: 'さらに読み込む',
  empty: 'まだアクティビティはありません。',
  failed: 'トランザクションを取得できませんでした',
  retry: '再試行',
  'operation.send': '送金',
  'operation.receive': '受け取り',
  'operation.execute': '実行',
  'operation.other': 'トランザクション',
  'status.confirmed': '確定',
  'status.failed': '失敗',
  'status.pending': '保留中',
  'status.other': '不明',
  to: '宛先 {address}',
  from: '送信元 {address}',
  amount: '{amount} {symbol}',
  moreTransfers: '他 {count} 件',
  nft: 'NFT',
}

export default ja
