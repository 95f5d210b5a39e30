/** The socials plugin's strings in Japanese, fetched only for a page in that language. */
import type { en } from '../strings'

const ja: typeof en = {
  'titles.SocialLogin': 'ソーシャルログイン',
  'titles.ConnectingSocial': 'ポップアップで続行',
  'titles.ConnectingFarcaster': 'Farcaster でサインイン',
  continueWith: '{provider} で続行',
  more: 'その他のオプション',
  'provider.google': 'Google',
  'provider.github': 'GitHub',
  'provider.apple': 'Apple',
  'provider.facebook': 'Facebook',
  'provider.x': 'X',
  'provider.discord': 'Discord',
  'provider.farcaster': 'Farcaster',
  popup: '開いたウィンドウで {provider} でのサインインを完了してください。',
  connecting: 'ウォレットを設定中…',
  failed: '{provider} でのサインインが完了しませんでした: {message}',
  retry: '再試行',
  popupClosed: 'サインインウィンドウが閉じられました',
  popupBlocked: 'ブラウザがサインインウィンドウをブロックしました',
  farcasterScan: 'スマートフォンのカメラでスキャンするか、Farcaster でリンクを開いてください。',
  farcasterQr: 'Farcaster でサインインするための QR コード',
  farcasterOpen: 'Farcaster を開く',
  farcasterLoading: 'サインインリンクを準備中…',
  copyLink: 'リンクをコピー',
  copied: 'リンクをコピーしました',
}

export default ja
