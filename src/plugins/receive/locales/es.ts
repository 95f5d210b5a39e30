/** The receive plugin's strings in Spanish, fetched only for a page in that language. */
import type { en } from '../strings'

const es: typeof en = {
  'titles.WalletReceive': 'Recibir',
  action: 'Recibir',
  intro: 'Envía fondos a esta dirección en {network}.',
  qrLabel: 'Código QR de tu dirección en {network}',
  copy: 'Copiar dirección',
  copied: 'Dirección copiada',
  networks: 'Redes en las que puedes recibir',
  tokens: 'Tokens que muestra este sitio',
  token: 'Token {address} en {network}',
  notConnected: 'Conecta una billetera para recibir.',
}

export default es
