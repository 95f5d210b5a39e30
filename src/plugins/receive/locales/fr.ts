/** The receive plugin's strings in French, fetched only for a page in that language. */
import type { en } from '../strings'

const fr: typeof en = {
  'titles.WalletReceive': 'Recevoir',
  action: 'Recevoir',
  intro: 'Envoyez des fonds à cette adresse sur {network}.',
  qrLabel: 'QR code de votre adresse sur {network}',
  copy: 'Copier l’adresse',
  copied: 'Adresse copiée',
  networks: 'Réseaux sur lesquels vous pouvez recevoir',
  tokens: 'Tokens affichés par ce site',
  token: 'Token {address} sur {network}',
  notConnected: 'Connectez un portefeuille pour recevoir.',
}

export default fr
