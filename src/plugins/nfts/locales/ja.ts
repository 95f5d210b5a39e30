/** The nfts plugin's strings in Japanese, fetched only for a page in that language. */
import type { en } from '../strings'

const ja: typeof en = {
  'titles.AccountNfts': 'NFT',
  tab: 'NFT',
  list: '保有 NFT',
  loading: 'NFT を読み込み中…',
  empty: 'まだ NFT がありません。',
  error: 'NFT を読み込めませんでした。',
  moreFailed: '続きの NFT を読み込めませんでした。',
  retry: '再試行',
  more: 'もっと見る',
  loadingMore: 'さらに読み込み中…',
}

export default ja
