/** The email plugin's strings in Japanese, fetched only for a page in that language. */
import type { en } from '../strings'

const ja: typeof en = {
  'titles.EmailLogin': 'メール',
  'titles.EmailVerifyOtp': 'メールを確認',
  'titles.EmailVerifyDevice': 'デバイスを登録',
  'titles.UpdateEmail': 'メールを変更',
  'titles.UpdateEmailOtp': '変更を確認',
  label: 'メールアドレス',
  placeholder: 'you@example.com',
  continue: '続ける',
  sending: '送信中…',
  invalidEmail: '有効なメールアドレスを入力してください',
  codeSent: '{email} に送信したコードを入力してください',
  code: 'コード',
  verify: '確認',
  verifying: '確認中…',
  resend: 'コードを再送信',
  invalidCode: '6 桁のコードを入力してください',
  deviceTitle: 'このデバイスを承認',
  deviceSent: '{email} にリンクを送信しました。リンクを開いてこのデバイスを承認すると、コードが届きます。',
  waiting: '承認を待っています…',
  newEmail: '新しいメールアドレス',
  primarySent: '現在のアドレス {email} に送信したコードを入力してください',
  secondarySent: '{email} に送信したコードを入力してください',
  updated: 'メールアドレスが {email} に変更されました。',
  done: '完了',
}

export default ja
