/** The receive plugin's strings in German, fetched only for a German page. */
import type { en } from '../strings'

const de: typeof en = {
  'titles.WalletReceive': 'Empfangen',
  action: 'Empfangen',
  intro: 'Sende Guthaben an diese Adresse auf {network}.',
  qrLabel: 'QR-Code deiner Adresse auf {network}',
  copy: 'Adresse kopieren',
  copied: 'Adresse kopiert',
  networks: 'Netzwerke, auf denen du empfangen kannst',
  tokens: 'Tokens, die diese Seite anzeigt',
  token: 'Token {address} auf {network}',
  notConnected: 'Verbinde eine Wallet, um zu empfangen.',
}

export default de
