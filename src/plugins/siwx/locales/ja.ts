/** The siwx plugin's strings in Japanese, fetched only for a page in that language. */
import type { en } from '../strings'

const ja: typeof en = {
  'titles.SIWXSignMessage': 'サインイン',
  intro: '{name} がウォレットでのサインインを求めています。',
  explain: 'メッセージに署名すると、このアカウントの所有者であることを証明できます。無料で、トランザクションは送信されません。',
  account: 'アカウント',
  siteIcon: '{name} のアイコン',
  thisSite: 'このサイト',
  sign: '署名',
  signing: 'ウォレットの応答を待っています…',
  cancel: 'キャンセル',
  'errors.declined': '署名が拒否されました',
  'errors.smartAccount': 'このアプリケーションはスマートアカウントに対応していない可能性があります',
  'errors.initialize': '認証の初期化中に問題が発生しました',
}

export default ja
