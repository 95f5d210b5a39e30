/** The receive plugin's strings in Japanese, fetched only for a page in that language. */
import type { en } from '../strings'

const ja: typeof en = {
  'titles.WalletReceive': '受け取る',
  action: '受け取る',
  intro: '{network} 上のこのアドレスに送金してください。',
  qrLabel: '{network} 上のあなたのアドレスの QR コード',
  copy: 'アドレスをコピー',
  copied: 'アドレスをコピーしました',
  networks: '受け取れるネットワーク',
  tokens: 'このサイトが表示するトークン',
  token: '{network} 上のトークン {address}',
  notConnected: '受け取るにはウォレットを接続してください。',
}

export default ja
