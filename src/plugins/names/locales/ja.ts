/** The names plugin's strings in Japanese, fetched only for a page in that language. */
import type { en } from '../strings'

const ja: typeof en = {
  'titles.RegisterAccountName': '名前を選択',
  'titles.RegisterAccountNameSuccess': '名前を登録しました',
  action: '名前を登録',
  intro: '{address} の名前を選んでください。アドレスの代わりにこの名前で送金を受け取れます。',
  label: '名前',
  'problems.short': '名前は 4 文字以上にしてください',
  'problems.characters': '使えるのは英字、数字、ハイフンのみです',
  checking: '{name} を確認中…',
  available: '{name} は使用できます',
  taken: '{name} は使用されています',
  suggestions: '使用できる名前',
  register: '登録',
  registering: 'ウォレットで署名してください…',
  success: '{name} があなたの名前になりました',
  successDetail: '{address} のメインの名前になりました。',
  backToAccount: 'アカウントに戻る',
  rejected: 'ウォレットで署名を拒否しました。',
  'errors.suggestions': '名前の候補を取得できませんでした',
  'errors.register': '名前 {name} を登録できませんでした',
  'errors.unsupportedChain': 'このネットワークには対応していません',
  'errors.noAccount': 'アドレスまたは認証コネクタが見つかりません',
}

export default ja
