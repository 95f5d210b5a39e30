/** The pay plugin's strings in Japanese, fetched only for a Japanese page. */
import type { en } from '../strings'

const ja: typeof en = {
  'titles.Pay': '支払う',
  summary: '{amount} {symbol} を支払う',
  recipient: '支払先',
  network: 'ネットワーク',
  noPayment: '支払いを準備しています…',
  payFromWallet: 'ウォレットから支払う',
  walletHint: 'このネットワークのウォレットを接続すると、そこから支払えます。',
  confirmInWallet: 'ウォレットで支払いを承認してください…',
  withExchange: '取引所で支払う',
  exchangesLoading: '取引所を読み込んでいます…',
  exchangesNone: 'このネットワークでこの資産を支払える取引所はありません。',
  exchangesFailed: '取引所を読み込めませんでした：{message}',
  opening: '{exchange} を開いています…',
  waiting: '{exchange} のページで支払いを完了してください。この画面は自動で更新されます。',
  blocked: 'ブラウザがウィンドウをブロックしました。取引所のページはこちら：',
  blockedLink: '{exchange} を開く',
  sending: '{exchange} が支払いを送信しています…',
  succeeded: '支払いが完了しました',
  transaction: 'トランザクション {hash}',
  failed: '支払いに失敗しました：{message}',
}

export default ja
