/** The receive plugin's strings in Brazilian Portuguese, fetched only for a page in that language. */
import type { en } from '../strings'

const ptBR: typeof en = {
  'titles.WalletReceive': 'Receber',
  action: 'Receber',
  intro: 'Envie fundos para este endereço em {network}.',
  qrLabel: 'QR code do seu endereço em {network}',
  copy: 'Copiar endereço',
  copied: 'Endereço copiado',
  networks: 'Redes em que você pode receber',
  tokens: 'Tokens que este site mostra',
  token: 'Token {address} em {network}',
  notConnected: 'Conecte uma carteira para receber.',
}

export default ptBR
